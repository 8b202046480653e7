import { truncateText } from './text';

describe('truncateText', () => {
  it('keeps short text and cuts long text at the limit', () => {
    expect(truncateText('order 42', 160)).toBe('order 42');
    expect(truncateText('abcdef', 4)).toBe('abcd');
  });

  it('never leaves half of a surrogate pair at the end', () => {
    const text = 'x'.repeat(159) + '🙏🏾';
    const cut = truncateText(text, 160);
    expect(cut).toBe('x'.repeat(159));
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);
    expect(truncateText('x'.repeat(158) + '🙏', 160)).toBe('x'.repeat(158) + '🙏');
  });
});
