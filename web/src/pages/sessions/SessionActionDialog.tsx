/** The dialog of the action chosen in a session's menu. */
import { AddBreakoutRoomsDialog } from './AddBreakoutRoomsDialog';
import { EditSessionDialog, type EditContext } from './EditSessionDialog';
import { CancelSessionDialog, DropSessionDialog, RestoreSessionDialog, type DialogProps } from './SessionDialogs';

export function SessionActionDialog(props: DialogProps & { zone: string; isAdmin: boolean; edit: EditContext }) {
  switch (props.action.kind) {
    case 'edit': return <EditSessionDialog {...props} />;
    case 'cancel': return <CancelSessionDialog {...props} remove={false} />;
    case 'delete': return <CancelSessionDialog {...props} remove />;
    case 'drop': return <DropSessionDialog {...props} />;
    case 'restore': return <RestoreSessionDialog {...props} />;
    case 'breakouts': return <AddBreakoutRoomsDialog {...props} />;
  }
}
