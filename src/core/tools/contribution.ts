import { OPTIONS } from '../config/options';
import { describedFor } from './declaration';
import { TOOLS } from './registry';

/** package.json's `contributes.languageModelTools`, drawn from the declarations (`npm run tools:write`). */
export function toolsContribution(): object[] {
  return TOOLS.map((tool) => ({
    name: tool.name,
    displayName: tool.displayName,
    toolReferenceName: tool.toolReferenceName,
    canBeReferencedInPrompt: true,
    icon: tool.icon,
    userDescription: tool.userDescription,
    // package.json is the same for every workspace: it states the option table's defaults, and a shortened read states the limit in force.
    modelDescription: describedFor(tool, { lineLimit: OPTIONS.lineLimit.default }),
    inputSchema: tool.inputSchema,
  }));
}

/**
 * The tools whose answer shows a file's lines, as src/core/hook/skimReadTools.json lists them for
 * the hook: written there rather than imported, so that the hook's small bundle carries two names
 * and not every tool's engine.
 */
export function lineToolNames(): string[] {
  return TOOLS.filter((tool) => tool.showsLines).map((tool) => tool.name);
}
