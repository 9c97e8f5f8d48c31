import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, optionalEmailField, passwordField, titleField, type Locale } from '@dcc/contract';
import { ApiError } from '../api/errors.ts';
import { FeedbackProvider } from '../app/feedback.tsx';
import i18n from '../i18n/index.ts';
import { EditModal } from './list/EditModal.tsx';
import { sameAsRule, zodRule } from './zodRule.ts';

// The web project has no Node types; the test runs in Node, where a lost rejection is reported here.
type Listener = (reason: unknown) => void;
const nodeProcess = (
  globalThis as unknown as {
    process: { on(event: string, listener: Listener): void; off(event: string, listener: Listener): void };
  }
).process;
const unhandled: unknown[] = [];
const onProcessRejection = (reason: unknown) => unhandled.push(reason);
const onWindowRejection = (event: PromiseRejectionEvent) => unhandled.push(event.reason);

beforeEach(() => {
  unhandled.length = 0;
  nodeProcess.on('unhandledRejection', onProcessRejection);
  window.addEventListener('unhandledrejection', onWindowRejection);
});
afterEach(async () => {
  // Let any rejection left behind surface before the listeners go.
  await new Promise((resolve) => setTimeout(resolve, 50));
  nodeProcess.off('unhandledRejection', onProcessRejection);
  window.removeEventListener('unhandledrejection', onWindowRejection);
  cleanup();
  await i18n.changeLanguage('en-US');
});

interface Values {
  title: string;
  email: string;
}

/** A modal form as the console's dialogs build it: a required title and an optional email. */
function Dialog({ onSubmit }: { onSubmit(values: Values): Promise<unknown> }) {
  return (
    <FeedbackProvider>
      <EditModal<Values> draft={{}} title="Dialog" onSubmit={onSubmit} onClose={() => undefined} testId="dialog">
        <Form.Item name="title" label={LABELS[i18n.language as Locale].title} rules={[zodRule(titleField)]}>
          <Input data-testid="title" />
        </Form.Item>
        <Form.Item name="email" label={LABELS[i18n.language as Locale].email} rules={[zodRule(optionalEmailField)]}>
          <Input data-testid="email" />
        </Form.Item>
      </EditModal>
    </FeedbackProvider>
  );
}

const LABELS: Record<Locale, { title: string; email: string }> = {
  'en-US': { title: 'Department name', email: 'Email' },
  'zh-CN': { title: '部门名称', email: '邮箱' },
};

const errorOf = (name: string) => document.querySelector(`#dialog_${name}_help`)?.textContent ?? '';
const isMarkedRequired = (name: string) =>
  document.querySelector(`label[for="dialog_${name}"]`)?.classList.contains('ant-form-item-required') ?? false;

describe('the modal form', () => {
  for (const [locale, required] of [
    ['en-US', 'Department name is required'],
    ['zh-CN', '部门名称不能为空'],
  ] as const) {
    it(`${locale}: OK on an empty form shows the field's own required message and leaves no unhandled rejection`, async () => {
      await i18n.changeLanguage(locale);
      const sent: Values[] = [];
      render(<Dialog onSubmit={async (values) => sent.push(values)} />);
      fireEvent.click(await screen.findByTestId('dialog-ok'));
      await waitFor(() => expect(errorOf('title')).toBe(required));
      expect(errorOf('email')).toBe('');
      expect(sent).toEqual([]);
      expect(unhandled).toEqual([]);
    });
  }

  it('marks a field required exactly when its schema refuses empty', async () => {
    render(<Dialog onSubmit={async () => undefined} />);
    await screen.findByTestId('dialog-ok');
    expect(isMarkedRequired('title')).toBe(true);
    expect(isMarkedRequired('email')).toBe(false);
  });

  it('shows a server refusal naming a field on that field, and clears it when the field is edited', async () => {
    const refusal = new ApiError('Invalid request', ErrorCode.BAD_REQUEST, 400, {
      fieldErrors: [{ field: 'email', message: 'The email format is wrong' }],
    });
    render(<Dialog onSubmit={() => Promise.reject(refusal)} />);
    fireEvent.change(await screen.findByTestId('title'), { target: { value: 'Sales' } });
    fireEvent.click(screen.getByTestId('dialog-ok'));
    await waitFor(() => expect(errorOf('email')).toBe('The email format is wrong'));
    await act(async () => {
      fireEvent.change(screen.getByTestId('email'), { target: { value: 'a@b.cn' } });
    });
    await waitFor(() => expect(errorOf('email')).toBe(''));
    expect(unhandled).toEqual([]);
  });
});

describe('the password confirmation', () => {
  it('is marked required and names its own field when empty', async () => {
    render(
      <Form name="pw">
        <Form.Item name="password" label="New password" rules={[zodRule(passwordField)]}>
          <Input />
        </Form.Item>
        <Form.Item name="confirmPassword" label="Confirm password" rules={[sameAsRule('password')]}>
          <Input data-testid="confirm" />
        </Form.Item>
      </Form>,
    );
    expect(
      document.querySelector('label[for="pw_confirmPassword"]')?.classList.contains('ant-form-item-required'),
    ).toBe(true);
    fireEvent.change(screen.getByTestId('confirm'), { target: { value: 'x' } });
    fireEvent.change(screen.getByTestId('confirm'), { target: { value: '' } });
    await waitFor(() =>
      expect(document.querySelector('#pw_confirmPassword_help')?.textContent).toBe('Confirm password is required'),
    );
  });
});
