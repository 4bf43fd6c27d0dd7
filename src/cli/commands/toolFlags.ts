import type { InputProperty, ToolDeclaration } from '../../core/tools/declaration';
import { inputRefusal, takes } from '../../core/tools/input';
import type { ToolResult } from '../../core/tools/result';
import { FlagName, ParsedArgs, UsageError } from '../args';

/** A flag's value as the input property it fills declares it: a whole number read as one, a switch as true, text as it is. */
function flagValue(property: InputProperty, value: string | true): unknown {
  if (property.type === 'boolean') return value === true ? true : value;
  if (property.type === 'integer' && typeof value === 'string' && /^\d+$/.test(value.trim()) && Number.isSafeInteger(Number(value))) return Number(value);
  return value;
}

/**
 * A tool command's input: what its positionals give, and each flag it takes filling the input
 * property it is mapped to, read by that property's declared type. Checked as every host checks a
 * tool's input (tools/input.ts), the flag named as it was given: `--tokens must be a whole number
 * from 200 to 50,000, not 60000`, a usage error.
 */
export function toolInput<I>(tool: ToolDeclaration<I, ToolResult>, args: ParsedArgs, given: Partial<I>, flags: Partial<Record<FlagName, keyof I & string>>): I {
  const input: Record<string, unknown> = { ...given };
  const flagOf: Record<string, string> = {};
  for (const [flag, key] of Object.entries(flags) as [FlagName, string][]) {
    flagOf[key] = `--${flag}`;
    const value = args.flags.get(flag);
    if (value !== undefined) input[key] = flagValue(tool.inputSchema.properties[key], value);
  }
  const refusal = inputRefusal(tool.inputSchema, input, (key) => flagOf[key] ?? key);
  if (refusal !== undefined) throw new UsageError(refusal);
  return input as I;
}

/** What a flag mapped to an integer property takes, for its help, from its declaration: "from 200 to 50,000". */
export function flagRange(tool: Pick<ToolDeclaration, 'inputSchema'>, key: string): string {
  return takes(tool.inputSchema.properties[key]).replace(/^a whole number /, '');
}

/** The most a flag mapped to an integer property takes, for its help, from its declaration: "at most 500". */
export function flagMost(tool: Pick<ToolDeclaration, 'inputSchema'>, key: string): string {
  return `at most ${(tool.inputSchema.properties[key].maximum ?? Number.MAX_SAFE_INTEGER).toLocaleString('en-US')}`;
}
