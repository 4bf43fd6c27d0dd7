import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { lineToolNames, toolsContribution } from '../../src/core/tools/contribution';
import { TOOLS } from '../../src/core/tools/registry';
import { SKIM_TOOLS } from '../support/tools';

const ROOT = path.resolve(__dirname, '../../..');

describe('the tool declarations', () => {
  it("package.json's language-model tools are exactly the declarations' (run npm run tools:write after changing one)", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.contributes.languageModelTools, JSON.parse(JSON.stringify(toolsContribution())));
    assert.deepEqual(TOOLS.map((tool) => tool.name).sort(), SKIM_TOOLS);
  });

  it("the hook's list of Skim's reads is the declared tools whose answer shows file lines (run npm run tools:write after changing one)", () => {
    const listed = JSON.parse(readFileSync(path.join(ROOT, 'src/core/hook/skimReadTools.json'), 'utf8'));
    assert.deepEqual(listed, lineToolNames());
    assert.deepEqual(lineToolNames(), ['skim_read_file', 'skim_find_symbol']);
  });

  it("every declared tool is in docs/tools.md's table and README's list by its name, and in the Skim agent's tools by its reference name", () => {
    const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
    const table = read('docs/tools.md');
    const readme = read('README.md');
    const agentTools = (/^tools: \[(.*)\]$/m.exec(read('chat/skim.agent.md'))?.[1] ?? '').split(',').map((t) => t.trim().replace(/^'|'$/g, ''));
    for (const tool of TOOLS) {
      assert.ok(table.includes(`| \`${tool.name}\` | \`#${tool.toolReferenceName}\``), `docs/tools.md has no row for ${tool.name}`);
      assert.ok(readme.includes(`\`${tool.name}\``), `README.md does not name ${tool.name}`);
      assert.ok(agentTools.includes(tool.toolReferenceName), `chat/skim.agent.md's tools lack ${tool.toolReferenceName}`);
    }
  });

  it('each tool requires only arguments it declares, and names the file it works on filePath and a narrowing folder path', () => {
    for (const tool of TOOLS) {
      const { properties, required } = tool.inputSchema;
      assert.deepEqual(
        required.filter((key) => !(key in properties)),
        [],
        tool.name,
      );
      assert.equal(tool.over === 'file', required.includes('filePath'), tool.name);
      if (tool.over === 'folders') assert.equal(properties.path?.type, 'string', tool.name);
    }
  });
});
