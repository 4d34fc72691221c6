import { StatementMemo } from './statement-memo';

describe('StatementMemo', () => {
  it('finds a text by its content, not its identity, among texts of the same length', () => {
    const memo = new StatementMemo<string>();
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
    const memo = new StatementMemo<boolean>();
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
});
