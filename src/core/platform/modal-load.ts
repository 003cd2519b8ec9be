import type { ModalSpec, Prepared } from './interaction.ts';

/**
 * The form to open for a prepared modal: its prefilled version when it has one (a store read, well
 * within the platforms' 3 s), else the plain one, so a slow or failed read still opens a form.
 */
export async function modalToOpen(prepared: Extract<Prepared, { kind: 'modal' }>): Promise<ModalSpec> {
  if (!prepared.load) return prepared.modal;
  try {
    return await prepared.load();
  } catch {
    return prepared.modal;
  }
}
