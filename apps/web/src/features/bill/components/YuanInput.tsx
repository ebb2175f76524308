import { InputNumber } from 'antd';
import { formatMoney, yuanToCents } from '@feikong/contracts';

/** A money input: shows and takes 元 (2 decimals), holds 分 (integer) — what the server is sent. */
export function YuanInput({
  value,
  onChange,
  placeholder = '0.00',
  id,
  style,
  'aria-label': ariaLabel,
}: {
  value?: number | null;
  onChange?: (fen: number | null) => void;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}) {
  return (
    <InputNumber<string>
      id={id}
      aria-label={ariaLabel}
      stringMode
      min="0"
      precision={2}
      prefix="¥"
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      value={value === null || value === undefined ? null : formatMoney(value)}
      onChange={(v) => onChange?.(v === null || v === '' ? null : yuanToCents(v))}
    />
  );
}
