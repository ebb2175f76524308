import { InputNumber } from 'antd';

/** An amount in 分 edited in 元 (two decimals). */
export function YuanInput({
  value,
  onChange,
  disabled,
  id,
  'aria-label': ariaLabel,
}: {
  value?: number;
  onChange?: (fen: number | undefined) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}) {
  return (
    <InputNumber<number>
      id={id}
      aria-label={ariaLabel}
      min={0}
      precision={2}
      step={1}
      prefix="¥"
      style={{ width: 180 }}
      disabled={disabled}
      value={value === undefined ? undefined : value / 100}
      onChange={(y) => onChange?.(y === null ? undefined : Math.round(y * 100))}
    />
  );
}
