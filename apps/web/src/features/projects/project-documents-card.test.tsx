import { MESSAGES, PROJECT_DOCUMENT_UPLOAD_TIMEOUT_MS, type DocumentInfo } from '@taskhive/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGetProjectQuery } from '../../api/projects-api';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, project, PROJECT_ID, serve } from '../../test/work-fixtures';
import { ProjectDocumentsCard } from './project-documents-card';

const session = signedIn({ permissions: ['project:read', 'project:update'] });

const doc = (n: number, fileName: string): DocumentInfo => ({
  documentId: `30000000-0000-4000-8000-00000000000${n}`,
  fileName,
  mimeType: 'application/pdf',
  sizeBytes: 2048,
  uploadedBy: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  url: `/api/files/documents/${n}`,
});
const OLD = doc(1, 'brief.pdf');

function Documents() {
  const { data } = useGetProjectQuery(PROJECT_ID);
  return data ? <ProjectDocumentsCard projectId={PROJECT_ID} documents={data.documents} canEdit /> : null;
}

/** The upload never answers: only the client's 5 s time-out ends it (by aborting the request). */
const hang = (req: Request) =>
  new Promise<Response>((_resolve, reject) => {
    req.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });

async function uploadAndTimeOut(file: File) {
  fireEvent.change(screen.getByLabelText('Project document file'), { target: { files: [file] } });
  await vi.advanceTimersByTimeAsync(PROJECT_DOCUMENT_UPLOAD_TIMEOUT_MS - 100);
  expect(screen.getByRole('button', { name: /Uploading/ })).toBeInTheDocument();
  await vi.advanceTimersByTimeAsync(200);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('ProjectDocumentsCard upload time-out', () => {
  it('reloads the project after 5 s without an answer and says the document arrived when it did', async () => {
    const file = new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' });
    let projectLoads = 0;
    const calls = serve((req) => {
      if (req.method === 'POST') return hang(req);
      projectLoads += 1;
      // The first load shows the old document; the reload after the time-out finds the new one too.
      return jsonResponse(
        200,
        project({ documents: projectLoads === 1 ? [OLD] : [OLD, doc(2, 'plan.pdf')] }),
      );
    });
    const { store } = render(<Documents />, { preloadedState: session });
    await screen.findByText('brief.pdf');

    await uploadAndTimeOut(file);

    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => [t.message, t.severity])).toEqual([
        [MESSAGES.projects.documentUploadedNetwork, 'success'],
      ]),
    );
    expect(await screen.findByText('plan.pdf')).toBeInTheDocument();
    expect(calls.filter((r) => r.method === 'POST').map(pathOf)).toEqual([
      `/api/Project/${PROJECT_ID}/documents`,
    ]);
    expect(calls.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('says the upload failed when the reloaded project does not have the document', async () => {
    const file = new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' });
    serve((req) => (req.method === 'POST' ? hang(req) : jsonResponse(200, project({ documents: [OLD] }))));
    const { store } = render(<Documents />, { preloadedState: session });
    await screen.findByText('brief.pdf');

    await uploadAndTimeOut(file);

    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => [t.message, t.severity])).toEqual([
        [MESSAGES.projects.documentUploadFailed, 'error'],
      ]),
    );
    expect(screen.queryByText('plan.pdf')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('treats a network error like a time-out: reload, then report what is there', async () => {
    const file = new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' });
    let projectLoads = 0;
    serve((req) => {
      if (req.method === 'POST') return Promise.reject(new TypeError('Failed to fetch'));
      projectLoads += 1;
      return jsonResponse(
        200,
        project({ documents: projectLoads === 1 ? [OLD] : [OLD, doc(2, 'plan.pdf')] }),
      );
    });
    const { store } = render(<Documents />, { preloadedState: session });
    await screen.findByText('brief.pdf');
    fireEvent.change(screen.getByLabelText('Project document file'), { target: { files: [file] } });
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([
        MESSAGES.projects.documentUploadedNetwork,
      ]),
    );
  });
});
