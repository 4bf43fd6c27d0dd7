/** The input of a tool whose one argument is the file. */
export interface FileInput {
  filePath: string;
}
