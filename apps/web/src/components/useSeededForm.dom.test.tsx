import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { useSeededForm } from './useSeededForm.ts';

interface Stored {
  id: string;
  name: string;
  version: number;
}

let seededVersion: number | undefined;

function NameForm({ record }: { record: Stored | undefined }) {
  const [form] = Form.useForm<{ name: string }>();
  seededVersion = useSeededForm(
    form,
    record,
    (stored) => stored.id,
    (stored) => ({ name: stored.name }),
  )?.version;
  return (
    <Form form={form}>
      <Form.Item name="name">
        <Input data-testid="name" />
      </Form.Item>
    </Form>
  );
}

const nameInput = () => screen.getByTestId('name') as HTMLInputElement;

afterEach(cleanup);

describe('a form filled from a stored record', () => {
  it('keeps what the user typed when the same record is read again, and the version it was filled from', async () => {
    const view = render(<NameForm record={undefined} />);
    expect(nameInput().value).toBe('');
    view.rerender(<NameForm record={{ id: '7', name: 'Hotel', version: 1 }} />);
    expect(nameInput().value).toBe('Hotel');
    await act(async () => {
      fireEvent.change(nameInput(), { target: { value: 'Hotel, phase 2' } });
    });
    // The same project read again (asked again after a language switch, or a slow answer landing late).
    view.rerender(<NameForm record={{ id: '7', name: 'Hotel (renamed elsewhere)', version: 2 }} />);
    expect(nameInput().value).toBe('Hotel, phase 2');
    expect(seededVersion).toBe(1);
    // Another record fills the form again.
    view.rerender(<NameForm record={{ id: '8', name: 'School', version: 4 }} />);
    expect(nameInput().value).toBe('School');
    expect(seededVersion).toBe(4);
  });
});
