import { TextMemo } from './text-memo';

describe('TextMemo', () => {
  it('finds a text by its content, not its identity, among texts of the same length', () => {
    const memo = new TextMemo<string>();
    memo.set('SELECT 1 FROM a', 'first');
    memo.set('SELECT 1 FROM b', 'second');
    // Built anew, as Prisma builds each statement's text for every call.
    const again = ['SELECT 1', 'FROM b'].join(' ');
    expect(memo.get(again)).toBe('second');
    expect(memo.get('SELECT 1 FROM a')).toBe('first');
    expect(memo.get('SELECT 1 FROM c')).toBeUndefined();
    expect(memo.get('SELECT 1')).toBeUndefined();
    expect(memo.size).toBe(2);
  });

  it('replaces the value of a text it holds, and forgets everything on clear', () => {
    const memo = new TextMemo<boolean>();
    memo.set('UPDATE t SET x = 1', false);
    memo.set('UPDATE t SET x = 1', true);
    expect(memo.get('UPDATE t SET x = 1')).toBe(true);
    expect(memo.size).toBe(1);
    memo.clear();
    expect(memo.size).toBe(0);
    expect(memo.get('UPDATE t SET x = 1')).toBeUndefined();
    memo.set('UPDATE t SET x = 1', false);
    expect(memo.get('UPDATE t SET x = 1')).toBe(false);
  });

  it('remembers a derived value once, and starts over when it holds `max` texts', () => {
    const memo = new TextMemo<boolean>();
    let derived = 0;
    const derive = (text: string) => (derived++, text.startsWith('UPDATE'));
    expect(memo.remember('UPDATE a SET x = 1', 2, derive)).toBe(true);
    expect(memo.remember('UPDATE a SET x = 1', 2, derive)).toBe(true);
    expect(memo.remember('SELECT 1 FROM aaaaa', 2, derive)).toBe(false);
    expect(derived).toBe(2);
    expect(memo.size).toBe(2);
    // Full: the third text empties the memo first.
    expect(memo.remember('SELECT 2', 2, derive)).toBe(false);
    expect(memo.size).toBe(1);
    expect(memo.get('UPDATE a SET x = 1')).toBeUndefined();
  });
});
