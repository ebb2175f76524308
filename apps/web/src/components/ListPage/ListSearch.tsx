import { Input, type InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@feikong/contracts';
import { useDebouncedValue } from '../useDebouncedValue';

interface ListSearchProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** The keyword the list is filtered by now (from the URL). */
  value: string | undefined;
  /** A new keyword, trimmed ('' when cleared). */
  onSearch: (keyword: string) => void;
  /** Search while typing, once the text settles (SEARCH_DEBOUNCE_MS), not only on Enter. */
  debounce?: boolean;
}

/** The keyword field of a list screen: starts from the URL's keyword; Enter (or a pause) searches. */
export function ListSearch({ value, onSearch, debounce, ...input }: ListSearchProps) {
  const [text, setText] = useState(value ?? '');
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounce && settled !== (value ?? '')) onSearch(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [settled]);
  return (
    <Input.Search
      allowClear
      style={{ width: 240 }}
      {...input}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
    />
  );
}
