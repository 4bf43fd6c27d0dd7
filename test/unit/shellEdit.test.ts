import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { explainInPlaceEdit, plainSedScript } from '../../src/core/shell/inPlaceEdit';
import { RefusalReason } from '../../src/core/shell/refusal';
import { scratch } from '../support/files';

type Edit = { files: string[]; dir?: string } | { refused: RefusalReason };

const edit = (line: string): Edit => {
  const r = explainInPlaceEdit(line, 'posix');
  return 'refused' in r ? r : { files: r.files, ...(r.dir === undefined ? {} : { dir: r.dir }) };
};

describe('the in-place edit recognizer (sed -i, perl -pi), on POSIX command lines', () => {
  const accepted: [string, Edit][] = [
    ["sed -i 's/a/b/' decoder.py", { files: ['decoder.py'] }],
    ["sed -i.bak 's/a/b/g' decoder.py", { files: ['decoder.py'] }],
    ["sed -i -e 's/a/b/' -e '/^import re$/d' decoder.py scanner.py", { files: ['decoder.py', 'scanner.py'] }],
    ["sed -Ei --expression='s/(x)+/y/' -- decoder.py", { files: ['decoder.py'] }],
    ["sed --in-place=.orig -n '1,10p' decoder.py", { files: ['decoder.py'] }],
    ["sed -ie 's/a/b/' decoder.py", { files: ['decoder.py'] }],
    ['sed -i "3i import os" \'my dir/decoder.py\'', { files: ['my dir/decoder.py'] }],
    ["sed -i ':a;N;$!ba;s/\\n/ /g' decoder.py", { files: ['decoder.py'] }],
    ["sed -i '/def raw_decode/,/return/{s/idx/index/g}' decoder.py", { files: ['decoder.py'] }],
    ["cd json && sed -i 's/a/b/' decoder.py", { files: ['decoder.py'], dir: 'json' }],
    ["perl -pi -e 's/a/b/g' decoder.py", { files: ['decoder.py'] }],
    ["perl -i.bak -pe 's/\\bidx\\b/index/' decoder.py decoder.py", { files: ['decoder.py'] }],
    ["perl -0777 -i -pe 's/a\\nb/c/' -- decoder.py", { files: ['decoder.py'] }],
  ];
  for (const [line, expected] of accepted) {
    it(`takes ${JSON.stringify(line)} for an edit of ${JSON.stringify('files' in expected ? expected.files : [])}`, () => {
      assert.deepEqual(edit(line), expected);
    });
  }

  const refused: [string, RefusalReason][] = [
    ["sed 's/a/b/' decoder.py", 'not an edit'],
    ["sed -n '1,20p' decoder.py", 'not an edit'],
    ["sed -i 's/a/b/' *.py", 'glob'],
    ['sed -i "s/$OLD/new/" decoder.py', 'substitution'],
    ["sed -i 's/a/b/' decoder.py > log", 'redirect'],
    ["sed -i 's/a/b/' decoder.py && python3 -m pytest", 'chain'],
    ["sed -i 's/a/b/' decoder.py; cat decoder.py", 'chain'],
    ["grep -l x . | sed -i 's/a/b/'", 'pipe'],
    ["sudo sed -i 's/a/b/' decoder.py", 'not an edit'],
    ["LC_ALL=C sed -i 's/a/b/' decoder.py", 'assignment'],
    ["'sed' -i 's/a/b/' decoder.py", 'not an edit'],
    // A script that writes or runs something else, or that Skim cannot see.
    ["sed -i 's/a/b/w out.txt' decoder.py", 'script'],
    ["sed -i '1r other.py' decoder.py", 'script'],
    ["sed -i 's/.*/date/e' decoder.py", 'script'],
    ["sed -i '$w copy.py' decoder.py", 'script'],
    ["sed -i '' decoder.py", 'script'],
    ['sed -i -f edits.sed decoder.py', 'option'],
    ["sed -i --debug 's/a/b/' decoder.py", 'option'],
    ["sed -i'bak/*' 's/a/b/' decoder.py", 'option'],
    ["sed -i 's/a/b/' decoder.py -s", 'option'],
    ["sed -i 's/a/b/'", 'files'],
    ["sed -i 's/a/b/' -", 'option'],
    ["sed -i -- 's/a/b/' -", 'file name'],
    ["perl -pe 's/a/b/' decoder.py", 'not an edit'],
    ["perl -i -e 'print 1' decoder.py", 'not an edit'],
    ['perl -pi fix.pl decoder.py', 'script'],
    ['perl -pi -e \'BEGIN { push @ARGV, "other.py" }\' decoder.py', 'script'],
    ['perl -pi -e \'BEGIN { chdir "/tmp" }\' decoder.py', 'script'],
    ['perl -pi -e \'system("rm x")\' decoder.py', 'script'],
    ["perl -pi -e 's/(.*)/$1/ee' decoder.py", 'script'],
    ["perl -MFile::Copy -pi -e 's/a/b/' decoder.py", 'option'],
  ];
  for (const [line, reason] of refused) {
    it(`leaves ${JSON.stringify(line)} alone: ${reason}`, () => {
      assert.deepEqual(edit(line), { refused: reason });
    });
  }

  it('leaves every command line alone in PowerShell', () => {
    assert.deepEqual(explainInPlaceEdit("sed -i 's/a/b/' decoder.py", 'powershell'), { refused: 'not an edit' });
  });

  it('takes sed scripts that GNU sed runs writing the named file alone, and refuses those that write, read or stop elsewhere', () => {
    const s = scratch();
    try {
      const file = path.join(s.dir, 'decoder.py');
      copyFileSync('/usr/lib/python3.11/json/decoder.py', file);
      const original = readFileSync(file, 'utf8');
      for (const [script, plain] of [
        ['s/idx/index/g', true],
        ['1,5d', true],
        ['/^import re$/a import os', true],
        ['0,/json/{s/json/JSON/}', true],
        ['$!N;P;D', true],
        ['s/a/b/w ' + path.join(s.dir, 'out'), false],
        ['1r ' + file, false],
        ['1q', false],
      ] as const) {
        assert.equal(plainSedScript(script), plain, script);
        if (!plain) continue;
        // GNU sed runs it (exit 0), and the folder holds the file alone: nothing else was written.
        execFileSync('sed', ['-i', script, file]);
        assert.deepEqual(readdirSync(s.dir), ['decoder.py'], script);
        writeFileSync(file, original);
      }
    } finally {
      s.cleanup();
    }
  });
});
