import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addNotice, addProduct, Button, listProducts, type ButtonId, type CallDef } from '@dcc/contract';
import { CatalogAddButton } from '../features/catalog/catalogAccess.tsx';
import { zodRule } from '../components/zodRule.ts';
import i18n from '../i18n/index.ts';
import { clearSession, setCompany } from '../session/session.ts';
import { RequireButton, RequireCall } from './guards.tsx';
import { SideMenu } from './layout/SideMenu.tsx';

/** Signs the console into a company holding exactly `buttons` (what the login page stores). */
function holdButtons(buttons: readonly ButtonId[], level = 1): void {
  setCompany({ dealersId: '1', dealersName: 'Test Company', level }, buttons);
}

const inRouter = (element: React.ReactNode, path = '/company') => (
  <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
);

beforeEach(() => {
  void i18n.changeLanguage('en-US');
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('the route guard', () => {
  it('shows the page when the company grants its button', () => {
    holdButtons([Button.HOME, Button.MEMBERS]);
    render(
      inRouter(
        <RequireButton button={Button.MEMBERS}>
          <p data-testid="members-page">members</p>
        </RequireButton>,
      ),
    );
    expect(screen.getByTestId('members-page')).toBeTruthy();
  });

  it('shows the no-permission page, never the page, without its button', async () => {
    holdButtons([Button.HOME, Button.ROLES]);
    render(
      inRouter(
        <RequireButton button={Button.MEMBERS}>
          <p data-testid="members-page">members</p>
        </RequireButton>,
      ),
    );
    expect(screen.queryByTestId('members-page')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('no-permission')).toBeTruthy());
  });
});

describe('the call guard of a page that makes one call (an add wizard)', () => {
  const wizard = (call: CallDef) =>
    inRouter(
      <RequireCall call={call}>
        <p data-testid="wizard">wizard</p>
      </RequireCall>,
    );

  it('shows the wizard to the level-0 company holding the button', () => {
    holdButtons([Button.HOME, Button.PRODUCT_MANAGE, Button.PRODUCTS], 0);
    render(wizard(addProduct));
    expect(screen.getByTestId('wizard')).toBeTruthy();
  });

  it('shows no-permission to a catalog reader below the platform, as the server refuses its catalog writes', async () => {
    holdButtons([Button.HOME, Button.PRODUCT_MANAGE, Button.PRODUCTS], 1);
    render(wizard(addProduct));
    expect(screen.queryByTestId('wizard')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('no-permission')).toBeTruthy());
  });

  it('follows the button too: the level-0 company without the button sees no-permission, a reader reads', async () => {
    holdButtons([Button.HOME, Button.PRODUCT_MANAGE, Button.PRODUCTS], 1);
    render(wizard(listProducts));
    expect(screen.getByTestId('wizard')).toBeTruthy();
    cleanup();
    holdButtons([Button.HOME], 0);
    render(wizard(addProduct));
    await waitFor(() => expect(screen.getByTestId('no-permission')).toBeTruthy());
  });
});

describe('the side menu', () => {
  it('shows an entry only with its button, and a group only with the group button', () => {
    holdButtons([Button.HOME, Button.DEALER_MANAGE, Button.MEMBERS]);
    // On a page of the group, so that the group is open and its entries rendered.
    render(inRouter(<SideMenu collapsed={false} />, '/company/dealerManage/memberManage'));
    const entries = [...document.querySelectorAll('[data-testid^="menu-"]')].map((node) =>
      node.getAttribute('data-testid'),
    );
    expect(entries).toContain('menu-/company/dealerManage/memberManage');
    expect(entries.some((id) => id?.includes('roleManage'))).toBe(false);
    expect(entries.some((id) => id?.includes('productManage'))).toBe(false);
    expect(entries.some((id) => id?.includes('systemManage'))).toBe(false);
  });

  it('hides a child entry whose group button is missing, even when the child button is held', () => {
    holdButtons([Button.HOME, Button.MEMBERS]);
    render(inRouter(<SideMenu collapsed={false} />, '/company/dealerManage/memberManage'));
    expect(document.querySelector('[data-testid="menu-/company/dealerManage/memberManage"]')).toBeNull();
  });
});

describe('the catalog add buttons', () => {
  it('are shown to the level-0 company', () => {
    holdButtons([Button.HOME, Button.PRODUCT_MANAGE, Button.PRODUCTS], 0);
    render(<CatalogAddButton call={addProduct} label="Add" onClick={() => undefined} testId="add-product" />);
    expect(screen.getByTestId('add-product')).toBeTruthy();
  });

  it('are replaced by the read-only note in any other company, even with the catalog buttons', () => {
    holdButtons([Button.HOME, Button.PRODUCT_MANAGE, Button.PRODUCTS], 1);
    render(<CatalogAddButton call={addProduct} label="Add" onClick={() => undefined} testId="add-product" />);
    expect(screen.queryByTestId('add-product')).toBeNull();
    expect(screen.getByTestId('catalog-read-only')).toBeTruthy();
  });
});

describe("the forms' text rule", () => {
  const check = (rule: ReturnType<typeof zodRule>, value: string) =>
    (rule as { validator(rule: unknown, value: unknown): Promise<void> }).validator({}, value);

  it('refuses a control character with the contract message, and keeps line breaks in multi-line fields', async () => {
    const title = zodRule(addNotice.request.shape.noticeTitle);
    const body = zodRule(addNotice.request.shape.noticeBody);
    await expect(check(title, 'Title\u0000')).rejects.toThrow('Control characters are not allowed');
    await expect(check(body, 'Line one\nLine two')).resolves.toBeUndefined();
    await expect(check(body, 'Line\u0007')).rejects.toThrow('Control characters are not allowed');
  });
});
