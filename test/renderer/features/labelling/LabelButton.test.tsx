// @vitest-environment happy-dom
// The label button labelling and adjudication share: the value's text, the difficulty scale's
// anchor words, the keys as the help shows them, pressed for the chosen value, its data
// attributes and handlers passed through.

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LabelButton } from '../../../../renderer/features/labelling/LabelButton';

afterEach(cleanup);

describe('LabelButton', () => {
  it('shows the value with its keys, pressed when chosen, and calls back on click', () => {
    const onClick = vi.fn();
    render(<LabelButton value="yes" keys={['y', 'ArrowLeft']} pressed data={{ 'data-gold-value': 'yes' }} title="Gold label: Yes" onClick={onClick} />);
    const button = screen.getByRole('button', { pressed: true });
    expect(button.getAttribute('data-gold-value')).toBe('yes');
    expect(button.className).toBe('label-button label-yes');
    expect(button.title).toBe('Gold label: Yes');
    expect(button.querySelector('.label-button-text')?.textContent).toBe('Yes');
    expect([...button.querySelectorAll('kbd')].map((kbd) => kbd.textContent)).toEqual(['Y', '←']);
    expect(button.querySelector('.label-button-hint')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('names the difficulty scale at its anchors only', () => {
    render(
      <>
        <LabelButton value={1} keys={['1']} pressed={false} data={{ 'data-value': '1' }} />
        <LabelButton value={2} keys={['2']} pressed={false} data={{ 'data-value': '2' }} />
        <LabelButton value={9} keys={['9']} pressed={false} data={{ 'data-value': '9' }} disabled />
      </>,
    );
    const hints = screen.getAllByRole('button').map((button) => button.querySelector('.label-button-hint')?.textContent ?? null);
    expect(hints).toEqual(['easiest', null, 'hardest']);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(3);
    expect((screen.getAllByRole('button')[2] as HTMLButtonElement).disabled).toBe(true);
  });
});
