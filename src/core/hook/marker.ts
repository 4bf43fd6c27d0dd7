/** Ends every command Skim writes: a shell comment that says whose hook it is, and how Skim recognizes it. */
export const HOOK_MARKER = '# skim read guard';
