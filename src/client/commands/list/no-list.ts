/** Why a list command cannot run. */
export const NO_LIST = 'Move the focus into a list first (Tab, or click a table).';
