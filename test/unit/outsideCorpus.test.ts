import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { structuralMap } from '../../src/core/structural/mapper';
import { corpusFile } from '../support/corpus';

const ROOT = path.resolve(__dirname, '../../..');

/** The regions of a real file's structural map that lie within lines `from`-`to`, as `start-end kind name`. */
async function regionsWithin(file: string, from: number, to: number): Promise<string[]> {
  const text = readFileSync(path.resolve(ROOT, file), 'utf8');
  const map = await structuralMap(file, text, text.split('\n').length);
  return map.regions.filter((r) => r.start >= from && r.end <= to).map((r) => `${r.start}-${r.end} ${r.kind} ${r.name}`);
}

describe('maps of files outside the bench corpus', () => {
  it("a C# map lists edge-js's SemVersion operators by their symbol and its implicit conversion by its type", async () => {
    assert.deepEqual(await regionsWithin(corpusFile('edge-js', 'src/double/Edge.js/dotnetcore/semversion.cs'), 375, 450), [
      '379-382 method SemVersion',
      '390-393 method ==',
      '401-404 method !=',
      '412-415 method >',
      '423-426 method >=',
      '434-437 method <',
      '445-448 method <=',
    ]);
  });

  it("a Scala map names methods and classes by their operator, which the grammar cannot parse as a name (scala-parser-combinators' ~, ~>, +, ?, case class ~)", async () => {
    const parsers = 'test/fixtures/vendor/scala-parser-combinators/Parsers.scala';
    assert.deepEqual(await regionsWithin(parsers, 306, 320), ['306-308 function ~', '318-320 function ~>']);
    assert.deepEqual(await regionsWithin(parsers, 531, 537), ['531-531 function +', '537-537 function ?']);
    assert.deepEqual(await regionsWithin(parsers, 1024, 1038), [
      '1024-1026 class ~',
      '1025-1025 method toString',
      '1030-1032 trait OnceParser',
      '1031-1031 method ~',
      '1034-1035 function ~>',
      '1037-1038 function <~',
    ]);
  });

  it("a Dart map lists an abstract class's methods, which have a signature and no body (dart-lang's PriorityQueue)", async () => {
    assert.deepEqual(await regionsWithin('test/fixtures/vendor/dart-collection/priority_queue.dart', 24, 150), [
      '24-148 class PriorityQueue',
      '40-40 method length',
      '43-43 method isEmpty',
      '46-46 method isNotEmpty',
      '59-59 method contains',
      '69-69 method unorderedElements',
      '75-75 method add',
      '78-78 method addAll',
      '85-85 method first',
      '94-94 method removeFirst',
      '111-111 method remove',
      '116-116 method removeAll',
      '119-119 method clear',
      '127-127 method toList',
      '135-135 method toUnorderedList',
      '147-147 method toSet',
    ]);
  });
});
