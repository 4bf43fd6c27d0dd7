import * as assert from 'node:assert/strict';
import { beforeTopLevel, clipWhole, openBrackets } from '../../src/core/map/clip';

describe('a label cut for length reads whole', () => {
  it('is cut between words, never on a comma, an operator or an open bracket, and closes what it leaves open after the ellipsis', () => {
    const signature = '<T = any, R = AxiosResponse<T>, D = any>(url: string, data?: D, config?: AxiosRequestConfig<D>): Promise<R>';
    assert.equal(clipWhole(signature, 60), '<T = any, R = AxiosResponse<T>, D = any>(url: string, …)');
    assert.equal(clipWhole(signature, 20), '<T = any, R, …>');
    assert.equal(clipWhole('(data: _t.SupportsRead[str | bytes], encoding: str = "utf-8")', 40), '(data: _t.SupportsRead[str | bytes], …)');
    assert.equal(clipWhole('Runs the hooks of the suite, then its tests', 30), 'Runs the hooks of the suite…');
    assert.equal(clipWhole('short enough', 40), 'short enough');
  });

  it('keeps a word cut in two out whole, and gives nothing where no whole cut keeps enough of the text', () => {
    const token = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
    assert.equal(clipWhole(`key ${token} used by CI`, 30), 'key…');
    assert.equal(clipWhole(`key ${token} used by CI`, 30, 10), undefined);
  });

  it('counts a < as a bracket only after a name, and an arrow as no close', () => {
    assert.equal(openBrackets('(a < b, c => d'), ')');
    assert.equal(openBrackets('Array<Map<string'), '>>');
    assert.equal(openBrackets('<T', true), '>');
    assert.equal(openBrackets('<T'), '');
  });

  it("finds the end of a signature outside its brackets: a type parameter's default is no assignment", () => {
    const stop = /[{;]|(?<![=!<>])=(?![=>])/y;
    assert.equal(beforeTopLevel('<T = any, R = X<T>>(config: C<T>): Promise<R>; // more', stop, true), '<T = any, R = X<T>>(config: C<T>): Promise<R>');
    assert.equal(beforeTopLevel('(a = 1, b: () => void) = default', stop), '(a = 1, b: () => void) ');
  });
});
