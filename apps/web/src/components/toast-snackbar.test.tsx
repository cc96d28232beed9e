import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastActions } from '../app/slices/toast-slice';
import { render } from '../test/render';

describe('toasts', () => {
  it('drop an error as soon as a newer toast comes: the retry’s success shows at once', async () => {
    const { store } = render(null);
    act(() => {
      store.dispatch(toastActions.toastShown('The current password is incorrect', 'error'));
    });
    expect(await screen.findByText('The current password is incorrect')).toBeInTheDocument();
    act(() => {
      store.dispatch(toastActions.toastShown('Password Updated Successfully', 'success'));
    });
    expect(await screen.findByText('Password Updated Successfully')).toBeInTheDocument();
    expect(store.getState().toast.queue.map((t) => t.message)).toEqual(['Password Updated Successfully']);
  });

  it('keep successes and notes in turn: an action that says two things says both', async () => {
    const { store } = render(null);
    act(() => {
      store.dispatch(toastActions.toastShown('Company Created Successfully', 'success'));
      store.dispatch(toastActions.toastShown('An invitation was emailed.', 'info'));
    });
    expect(await screen.findByText('Company Created Successfully')).toBeInTheDocument();
    expect(store.getState().toast.queue.map((t) => t.message)).toEqual([
      'Company Created Successfully',
      'An invitation was emailed.',
    ]);
  });
});
