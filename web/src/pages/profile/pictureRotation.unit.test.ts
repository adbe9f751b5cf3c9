import { describe, expect, it } from 'vitest';
import { nextRotation } from './pictureRotation';

describe('nextRotation', () => {
  it('turns a quarter clockwise and comes back to 0 after four', () => {
    expect([0, 90, 180, 270].map(nextRotation)).toEqual([90, 180, 270, 0]);
    expect(nextRotation(360)).toBe(90);
  });
});
