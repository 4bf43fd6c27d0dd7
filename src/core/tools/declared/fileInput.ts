import type { ProjectFile } from '../../files/project';
import type { InputProperty, InputSchema } from '../declaration';
import type { ToolHost } from '../host';
import type { ToolResult } from '../result';

/** The input of a tool whose one argument is the file. */
export interface FileInput {
  filePath: string;
}

/**
 * The input schema of a tool on one file: `filePath` first, then its own arguments, of which
 * `required` names those it cannot do without.
 */
export function fileSchema(properties: Readonly<Record<string, InputProperty>> = {}, required: readonly string[] = []): InputSchema {
  return {
    type: 'object',
    properties: { filePath: { type: 'string', description: 'The file: an absolute path, or a path relative to the workspace folder.' }, ...properties },
    required: ['filePath', ...required],
    additionalProperties: false,
  };
}

/** A tool's run on the file its input names, as the host finds it (inside the project, or a ToolError saying what to give). */
export function onFile<I extends FileInput, R extends ToolResult>(work: (host: ToolHost, file: ProjectFile, input: I) => Promise<R>) {
  return (host: ToolHost, input: I): Promise<R> => work(host, host.file(input.filePath), input);
}
