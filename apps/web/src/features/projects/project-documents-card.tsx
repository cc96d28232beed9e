import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { DOCUMENT_MAX_BYTES, MESSAGES, type DocumentInfo } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { FilePickButton } from '../../components/file-pick-button';
import { MainCard } from '../../components/main-card';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useToast } from '../../hooks/use-toast';
import { formatBytes, formatDate } from '../../lib/format';
import { useDeleteProjectDocumentMutation } from './projects-api';
import { useProjectDocumentUpload } from './use-project-document-upload';

/** A project's documents: download for readers; upload (5 s time-out) and delete for editors. */
export function ProjectDocumentsCard({
  projectId,
  documents,
  canEdit,
}: {
  projectId: string;
  documents: DocumentInfo[];
  canEdit: boolean;
}) {
  const toast = useToast();
  const download = useAuthedDownload();
  const { upload } = useProjectDocumentUpload(projectId);
  const [busy, setBusy] = useState(false);
  const [remove] = useDeleteProjectDocumentMutation();
  const [deleting, setDeleting] = useState<DocumentInfo | null>(null);

  const onFile = async (file: File) => {
    setBusy(true);
    try {
      await upload(
        file,
        documents.map((d) => d.documentId),
      );
    } finally {
      setBusy(false);
    }
  };

  const onDownload = async (doc: DocumentInfo) => {
    try {
      await download(doc.url, doc.fileName);
    } catch {
      toast.error(MESSAGES.generic);
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    const doc = deleting;
    setDeleting(null);
    try {
      await remove({ id: projectId, docId: doc.documentId }).unwrap();
      toast.success(MESSAGES.projects.documentDeleted);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.projects.documentDeleteFailed));
    }
  };

  return (
    <MainCard
      title="Documents"
      subheader="PDF, office files, images, text or zip, up to 25 MB"
      action={
        canEdit && (
          <FilePickButton
            accept={[]}
            maxBytes={DOCUMENT_MAX_BYTES}
            inputLabel="Project document file"
            onFile={(f) => void onFile(f)}
            onRefused={(reason) => toast.error(reason)}
            startIcon={<UploadFileRounded />}
            disabled={busy}
            size="small"
          >
            {busy ? 'Uploading…' : 'Upload'}
          </FilePickButton>
        )
      }
    >
      {documents.length === 0 ? (
        <EmptyState
          title="No documents yet"
          description={canEdit ? 'Upload briefs, specs and more.' : undefined}
        />
      ) : (
        <List dense disablePadding aria-label="Project documents">
          {documents.map((doc) => (
            <ListItem
              key={doc.documentId}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title="Download">
                    <IconButton aria-label={`Download ${doc.fileName}`} onClick={() => void onDownload(doc)}>
                      <DownloadRounded />
                    </IconButton>
                  </Tooltip>
                  {canEdit && (
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${doc.fileName}`} onClick={() => setDeleting(doc)}>
                        <DeleteOutlineRounded />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              }
              sx={{ pr: canEdit ? 12 : 6 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <InsertDriveFileOutlined color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={doc.fileName}
                secondary={`${formatBytes(doc.sizeBytes)} · ${formatDate(doc.createdAt)}`}
                slotProps={{ primary: { noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete document?"
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting?.fileName} will be removed from the project.
      </ConfirmDialog>
    </MainCard>
  );
}
