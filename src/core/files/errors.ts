/** Why a file could not be read, in words for the person or model that named it. One wording for every surface. */
export function describeFileError(error: unknown, name: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return `${name} does not exist`;
    case 'EISDIR':
      return `${name} is a folder, not a file`;
    case 'EACCES':
    case 'EPERM':
      return `${name} cannot be read (permission denied)`;
    case 'ENOTREG':
      return `${name} is not a regular file (a FIFO, a device or a socket); Skim reads regular files only`;
    case 'ELOOP':
    case 'EOUTSIDE':
      return (error as Error).message;
    default:
      return `${name} could not be read: ${(error as Error).message}`;
  }
}
