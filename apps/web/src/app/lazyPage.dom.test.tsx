import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage.tsx';

afterEach(cleanup);

const pageSaying = (text: string) => lazyPage(() => Promise.resolve({ default: () => <p>{text}</p> }));

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the loading fallback', async () => {
    const Page = pageSaying('ready at once');
    await Page.preload();
    render(<Page />);
    expect(screen.getByText('ready at once')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('shows the fallback, then the page, when its code is not there yet', async () => {
    const Page = pageSaying('ready later');
    render(<Page />);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByText('ready later')).toBeTruthy();
  });

  it('tries a failed preload again when the page is shown', async () => {
    let attempts = 0;
    const Page = lazyPage(() =>
      ++attempts <= 2
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ default: () => <p>loaded on the third try</p> }),
    );
    await Page.preload();
    expect(attempts).toBe(2);
    render(<Page />);
    expect(await screen.findByText('loaded on the third try')).toBeTruthy();
  });
});
