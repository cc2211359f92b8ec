import { describe, expect, it } from 'vitest';

import { isConnectionLoss, retryWhileDisconnected } from '../../../src/server/db/connection-loss';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('telling a lost connection from a failed statement', () => {
  it('knows the ways a connection is lost', () => {
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isConnectionLoss(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(
      isConnectionLoss(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isConnectionLoss(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isConnectionLoss(withCode('connection failure', '08006'))).toBe(true);
    expect(isConnectionLoss(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      true,
    );
  });

  it('does not mistake a wrong statement for one', () => {
    expect(isConnectionLoss(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isConnectionLoss(withCode('syntax error', '42601'))).toBe(false);
    expect(isConnectionLoss('Connection terminated')).toBe(false);
  });
});

describe('recording an outcome through a short outage', () => {
  it('tries again after each pause while the connection is lost', async () => {
    let calls = 0;
    const result = await retryWhileDisconnected(async () => {
      calls += 1;
      if (calls < 3) throw new Error('Connection terminated unexpectedly');
      return 'recorded';
    }, [1, 1, 1]);
    expect(result).toBe('recorded');
    expect(calls).toBe(3);
  });

  it('gives up after the last pause, and at once on other errors', async () => {
    let calls = 0;
    const lost = retryWhileDisconnected(async () => {
      calls += 1;
      throw new Error('Connection terminated unexpectedly');
    }, [1, 1]);
    await expect(lost).rejects.toThrow('Connection terminated unexpectedly');
    expect(calls).toBe(3);

    calls = 0;
    const wrong = retryWhileDisconnected(async () => {
      calls += 1;
      throw withCode('duplicate key value', '23505');
    }, [1, 1]);
    await expect(wrong).rejects.toThrow('duplicate key value');
    expect(calls).toBe(1);
  });
});
