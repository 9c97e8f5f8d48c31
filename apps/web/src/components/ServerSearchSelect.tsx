import { useState, type UIEventHandler } from 'react';
import { Select } from 'antd';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { usePickedLabels } from './usePickedLabels.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** What a server-searched select asks for: the typed text, trimmed and settled for 300 ms. */
export function useServerSearch(): { searched: string; onSearch(text: string): void } {
  const [keyword, setKeyword] = useState('');
  return { searched: useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS), onSearch: setKeyword };
}

type Option = { value: string; label: string; disabled?: boolean };

interface Props {
  value?: string[];
  onChange?(value: string[]): void;
  /** The options the server found for the current search. */
  options: Option[];
  loading: boolean;
  onSearch(text: string): void;
  placeholder: string;
  testId: string;
  onPopupScroll?: UIEventHandler<HTMLDivElement>;
}

/**
 * A multiple select whose options come from a server search: a picked value stays named (and can be removed)
 * while another search shows other options.
 */
export function ServerSearchSelect({
  value,
  onChange,
  options,
  loading,
  onSearch,
  placeholder,
  testId,
  onPopupScroll,
}: Props) {
  const picked = usePickedLabels(options, value).map((option) => ({ ...option, disabled: false }));
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch }}
      loading={loading}
      options={[...picked, ...options]}
      placeholder={placeholder}
      onPopupScroll={onPopupScroll}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
