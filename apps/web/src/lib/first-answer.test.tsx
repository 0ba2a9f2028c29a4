import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { useFirstAnswerInSlices } from './first-answer';

type Result = { data: string | undefined };

function Probe({ result }: { result: Result }) {
  const shown = useFirstAnswerInSlices(result);
  return <p>{shown.data ?? 'waiting'}</p>;
}

describe('useFirstAnswerInSlices', () => {
  let container: HTMLDivElement;
  let root: Root;
  const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actEnvironment: boolean | undefined;

  beforeEach(() => {
    // Plain React scheduling (no act()): the point is what a blocking update commits.
    actEnvironment = reactAct.IS_REACT_ACT_ENVIRONMENT;
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    root.unmount();
    container.remove();
    reactAct.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  const show = (data: string | undefined) =>
    flushSync(() => root.render(<Probe result={{ data }} />));

  test('a blocking update with the first answer still commits the skeleton; the answer follows', async () => {
    show(undefined);
    expect(container.textContent).toBe('waiting');
    show('first page');
    expect(container.textContent).toBe('waiting');
    await waitFor(() => expect(container.textContent).toBe('first page'));
  });

  test('later answers are shown at once', async () => {
    show(undefined);
    show('first page');
    await waitFor(() => expect(container.textContent).toBe('first page'));
    show('second page');
    expect(container.textContent).toBe('second page');
  });

  test('a result that already has its data on the first render shows it at once', () => {
    show('from the cache');
    expect(container.textContent).toBe('from the cache');
  });
});
