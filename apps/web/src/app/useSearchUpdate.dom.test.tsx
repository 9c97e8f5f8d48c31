import { act, cleanup, render, screen } from '@testing-library/react';
import { HashRouter, useLocation } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { useSearchUpdate } from './useSearchUpdate.ts';

afterEach(cleanup);

function Query() {
  return <p data-testid="query">{useLocation().search}</p>;
}

let setBoth: () => void = () => undefined;
function TwoParts() {
  const curve = useSearchUpdate();
  const tabs = useSearchUpdate();
  setBoth = () => {
    curve((current) => new URLSearchParams({ ...Object.fromEntries(current), points: '10,11' }), { replace: true });
    tabs(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', 'home');
        return next;
      },
      { replace: true },
    );
  };
  return <Query />;
}

it('keeps a change made by one part of the page when another changes the query before the router has rendered it', async () => {
  window.location.hash = '#/devices/7?tab=curve';
  render(
    <HashRouter>
      <TwoParts />
    </HashRouter>,
  );
  expect(screen.getByTestId('query').textContent).toBe('?tab=curve');
  await act(async () => setBoth());
  const query = new URLSearchParams(screen.getByTestId('query').textContent ?? '');
  expect(query.get('points')).toBe('10,11');
  expect(query.get('tab')).toBe('home');
});
