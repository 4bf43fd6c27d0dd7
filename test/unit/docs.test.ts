import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { languageById } from '../../src/core/structural/languages';

const ROOT = path.resolve(__dirname, '../../..');

/** Every page a person reads: the README, the docs folder, the contributing guide and the changelog. */
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Markdown text without its fenced code blocks, where a bracket is code, not a link. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+)$/gm)) {
    const slug = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

/** Every link and image target on a page: `[text](target)` and `![alt](target)`. */
const links = (text: string) => [...prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((m) => m[1]);

describe('the README and the docs a newcomer reads', () => {
  it('every link and picture in README, CONTRIBUTING, CHANGELOG and docs/ resolves to a file and heading in this repository', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of PAGES) {
      const text = readFileSync(path.join(ROOT, page), 'utf8');
      for (const target of links(text)) {
        checked++;
        if (/^https?:\/\//.test(target)) {
          if (!target.startsWith('https://')) broken.push(`${page}: ${target} is not https`);
          continue;
        }
        const [file, anchor] = target.split('#');
        const resolved = file ? path.resolve(path.dirname(path.join(ROOT, page)), file) : path.join(ROOT, page);
        if (!resolved.startsWith(ROOT) || !existsSync(resolved)) {
          broken.push(`${page}: ${target} (no such file)`);
          continue;
        }
        if (anchor !== undefined && (!statSync(resolved).isFile() || !anchors(readFileSync(resolved, 'utf8')).has(anchor)))
          broken.push(`${page}: ${target} (no heading #${anchor})`);
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(checked > 30, `only ${checked} links were found: the link pattern no longer matches the pages`);
  });

  it('the README stays within 300 lines and keeps its two set-up commands: the main job with no model and every test', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.ok(readme.split('\n').length <= 300, `README.md has ${readme.split('\n').length} lines`);
    assert.match(readme, /^npm ci && npm run demo +#/m);
    assert.match(readme, /^bash scripts\/setup-services\.sh && .* && npm ci && npm test +#/m);
  });

  it("names each structural producer with its language's outline rules version, as languages.json has it", () => {
    for (const page of PAGES)
      for (const [producer, id, version] of readFileSync(path.join(ROOT, page), 'utf8').matchAll(/tree-sitter:([a-z]+)@(\d+)/g))
        assert.equal(Number(version), languageById(id)?.version, `${page}: ${producer}`);
  });

  it("no page, setting or tool description uses the planning documents' words", () => {
    const manifest = readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    for (const [name, text] of [...PAGES.map((page) => [page, readFileSync(path.join(ROOT, page), 'utf8')]), ['package.json', manifest]])
      assert.doesNotMatch(text, /\bseeds?\b *0\d\d|\bseed's\b|\bthe seed\b|choke point/i, name);
  });
});
