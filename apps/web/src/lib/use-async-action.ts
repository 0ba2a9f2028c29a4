import { useCallback, useEffect, useRef, useState } from 'react';

export type Outcome<R> = { ok: true; data: R } | { ok: false; error: unknown };

type State<R> = { status: 'idle' | 'pending' | 'success' | 'error'; data?: R; error?: unknown };

/**
 * A small async-action state (pending, success, error) for the screens outside the data layer
 * (sign-in, password reset), so the sign-in page does not load the query cache.
 */
export function useAsyncAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [state, setState] = useState<State<R>>({ status: 'idle' });
  const actionRef = useRef(action);
  actionRef.current = action;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A): Promise<Outcome<R>> => {
    setState({ status: 'pending' });
    try {
      const data = await actionRef.current(...args);
      if (mounted.current) setState({ status: 'success', data });
      return { ok: true, data };
    } catch (error) {
      if (mounted.current) setState({ status: 'error', error });
      return { ok: false, error };
    }
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return {
    run,
    reset,
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
