import type { CaseTemplate } from '../../shared/schemas/templates';

/**
 * What the `template.*` commands act on while the Templates screen is shown: the template under
 * the list's cursor, and asking before deleting it (the screen owns that dialog).
 */
export interface TemplateTarget {
  /** The template under the cursor; null when the list is empty. */
  template(): CaseTemplate | null;
  /** Asks for confirmation, then deletes the template. */
  remove(): void;
}

let target: TemplateTarget | null = null;

/** Makes the Templates screen the target of the template commands; returns the undo. */
export function setTemplateTarget(next: TemplateTarget): () => void {
  target = next;
  return () => {
    if (target === next) target = null;
  };
}

/** The template list the commands act on, if it is shown. */
export function templateTarget(): TemplateTarget | null {
  return target;
}
