import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, ProjectCheckState, type ButtonId, type Project } from '@dcc/contract';
import { FeedbackProvider } from '../../../app/feedback.tsx';
import i18n from '../../../i18n/index.ts';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import { clearSession, setCompany } from '../../../session/session.ts';
import { AuditActions } from './AuditActions.tsx';

const project = (projectCheckState: Project['projectCheckState']): Project => ({
  projectId: '7',
  projectName: 'Hotel',
  isCenControl: 'N',
  type: 'hotel',
  area: 100,
  province: '110000',
  provinceText: 'Beijing',
  address: 'Road 1',
  userName: 'Li',
  userPhone: '13912345678',
  application: 'typical',
  longitude: 116.4,
  latitude: 39.9,
  dealersId: '1',
  dealersName: 'Company',
  allDeviceCount: 0,
  createTime: '2026-11-27T00:00:00.000Z',
  checkSubmitTime: null,
  projectCheckState,
  rejectReason: '',
  isImportant: 0,
  version: 1,
});

function renderFor(buttons: readonly ButtonId[], state: Project['projectCheckState']) {
  setCompany({ dealersId: '1', dealersName: 'Company', level: 0 }, buttons);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedbackProvider>
        <AuditActions project={project(state)} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

const shown = () =>
  ['project-audit-submit', 'project-audit-pass', 'project-audit-reject'].filter((id) => screen.queryByTestId(id));

afterEach(() => {
  cleanup();
  clearSession();
});

describe('the audit steps a project offers', () => {
  const EDITOR = [Button.PROJECT_MANAGE, Button.PROJECTS];
  const AUDITOR = [...EDITOR, Button.PROJECT_AUDIT];

  it('offer submit while not submitted or rejected, and nothing else to one without the audit button', async () => {
    await act(() => loadPageAreas(['projects']));
    await act(() => i18n.changeLanguage('en-US'));
    for (const state of [ProjectCheckState.NOT_SUBMITTED, ProjectCheckState.REJECTED] as const) {
      renderFor(EDITOR, state);
      expect(shown()).toEqual(['project-audit-submit']);
      cleanup();
    }
    renderFor(EDITOR, ProjectCheckState.PENDING);
    expect(shown()).toEqual([]);
  });

  it('offer pass and reject of a pending audit only to holders of the audit button (B100101), and no step once passed', async () => {
    await act(() => loadPageAreas(['projects']));
    renderFor(AUDITOR, ProjectCheckState.PENDING);
    expect(shown()).toEqual(['project-audit-pass', 'project-audit-reject']);
    cleanup();
    renderFor(AUDITOR, ProjectCheckState.PASSED);
    expect(shown()).toEqual([]);
    cleanup();
    renderFor(AUDITOR, ProjectCheckState.NOT_SUBMITTED);
    expect(shown()).toEqual(['project-audit-submit']);
  });
});
