import { MESSAGES } from '@taskhive/contract';
import { useCallback } from 'react';
import { errorMessage, errorStatus } from '../../api/errors';
import { projectsReadApi } from '../../api/projects-api';
import { useAppDispatch } from '../../hooks/store';
import { useToast } from '../../hooks/use-toast';
import { useUploadProjectDocumentMutation } from './projects-api';

/** A failure where the request may still have reached the server: no answer, or none within 5 s. */
function lostInTransit(error: unknown): boolean {
  if (errorStatus(error) !== null || typeof error !== 'object' || error === null || !('status' in error)) {
    return false;
  }
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

/**
 * Uploads a project document with the spec's 5 s time-out. When the answer is lost (network error
 * or time-out) the upload may still have landed, so the project is reloaded and the toast says
 * what really happened: 'Document uploaded ' if the file is there now, 'Document upload failed'
 * if it is not.
 */
export function useProjectDocumentUpload(projectId: string) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [upload, state] = useUploadProjectDocumentMutation();

  const run = useCallback(
    async (file: File, knownIds: readonly string[]) => {
      try {
        await upload({ id: projectId, file }).unwrap();
        toast.success(MESSAGES.projects.documentUploaded);
        return;
      } catch (err) {
        if (!lostInTransit(err)) {
          toast.error(errorMessage(err, MESSAGES.projects.documentUploadFailed));
          return;
        }
      }
      const fresh = await dispatch(
        projectsReadApi.endpoints.getProject.initiate(projectId, { forceRefetch: true, subscribe: false }),
      )
        .unwrap()
        .catch(() => null);
      const arrived = fresh?.documents.some(
        (d) => d.fileName === file.name && !knownIds.includes(d.documentId),
      );
      if (arrived) toast.success(MESSAGES.projects.documentUploadedNetwork);
      else toast.error(MESSAGES.projects.documentUploadFailed);
    },
    [dispatch, projectId, toast, upload],
  );

  return { upload: run, uploading: state.isLoading };
}
