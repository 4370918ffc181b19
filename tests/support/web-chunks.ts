import { preloadAssigneeMenu } from '#web/components/assignee/assignee-picker.tsx';
import { preloadChecklistEditor } from '#web/components/checklist-editor/lazy-checklist-editor.tsx';
import { preloadDialogs } from '#web/components/ui/lazy-dialog.tsx';
import { preloadToaster } from '#web/components/ui/toast.tsx';
import { preloadTaskCorrection } from '#web/pages/checklist/translation-card.tsx';
import { preloadRowMenu } from '#web/pages/dashboard/checklist-row.tsx';

// In the browser the code behind an interaction (toasts, confirmations, the editor, a row's menu)
// arrives when the page is first idle, before anyone presses anything; the components then render it
// at once (lib/lazy-chunk.tsx). Here it is fetched before each file's tests, as it is by then there.
await Promise.all([
  preloadToaster(),
  preloadDialogs(),
  preloadChecklistEditor(),
  preloadRowMenu(),
  preloadAssigneeMenu(),
  preloadTaskCorrection(),
]);
