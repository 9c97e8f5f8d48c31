import { useRef } from 'react';

type Option = { value: string; label: string };

/**
 * The picked values of a multiple select that searches on the server, not among the options shown now: each
 * keeps the label it was last shown with (its id when never shown), so that a pick stays named while another
 * search shows other options.
 */
export function usePickedLabels(options: readonly Option[], value: readonly string[] | undefined): Option[] {
  const seen = useRef(new Map<string, string>());
  for (const option of options) seen.current.set(option.value, option.label);
  const shown = new Set(options.map((option) => option.value));
  return (value ?? []).filter((id) => !shown.has(id)).map((id) => ({ value: id, label: seen.current.get(id) ?? id }));
}
