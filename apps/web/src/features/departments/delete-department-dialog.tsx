import { MESSAGES, type Department } from '@taskhive/contract';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../hooks/use-toast';
import { useDeleteDepartmentMutation } from './departments-api';

/** Asks, deletes and says how many members moved to no department. */
export function DeleteDepartmentDialog({
  department,
  onClose,
  onDeleted,
}: {
  department: Department | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const toast = useToast();
  const [remove, removal] = useDeleteDepartmentMutation();
  const confirm = async () => {
    if (!department) return;
    try {
      const res = await remove(department.deptId).unwrap();
      toast.success(res.message || MESSAGES.departments.deleted);
      onClose();
      onDeleted?.();
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.deleteFailed));
    }
  };
  return (
    <ConfirmDialog
      open={Boolean(department)}
      title="Delete department?"
      busy={removal.isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {department?.name} will be deleted.
      {department && department.memberCount > 0
        ? ` Its ${department.memberCount} ${department.memberCount === 1 ? 'member moves' : 'members move'} to no department.`
        : ''}
    </ConfirmDialog>
  );
}
