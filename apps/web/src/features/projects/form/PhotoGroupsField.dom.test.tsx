import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, REQUIRED_PHOTO_GROUPS, type Locale } from '@dcc/contract';
import { FeedbackProvider } from '../../../app/feedback.tsx';
import i18n from '../../../i18n/index.ts';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import type { PhotoGroups } from '../hooks.ts';
import { PhotoGroupsField } from './PhotoGroupsField.tsx';
import { photosRule } from './ProjectFields.tsx';

/** Stands in for the upload call: records the files that reached it and answers an /uploads/ URL for each. */
function recordingUpload() {
  const sent: File[] = [];
  const upload = async (file: File) => {
    sent.push(file);
    return { url: `/uploads/${sent.length}.png` };
  };
  return { sent, upload };
}

/** A query client that already holds the view links of the uploads the test makes (the thumbnails ask for them). */
function withLinks(): QueryClient {
  const client = new QueryClient();
  for (let n = 1; n <= 20; n++) client.setQueryData(['upload-link', `/uploads/${n}.png`], `blob:photo-${n}`);
  return client;
}

function Photos({
  upload,
  onSaved,
}: {
  upload(file: File): Promise<{ url: string }>;
  onSaved(photos: PhotoGroups): void;
}) {
  const [form] = Form.useForm<{ photos: PhotoGroups }>();
  return (
    <QueryClientProvider client={withLinks()}>
      <FeedbackProvider>
        <Form form={form} initialValues={{ photos: {} }} onFinish={(values) => onSaved(values.photos)} name="project">
          <Form.Item name="photos" label="Photos" rules={[photosRule]}>
            <PhotoGroupsField upload={upload} />
          </Form.Item>
          <Button htmlType="submit" data-testid="save">
            Save
          </Button>
        </Form>
      </FeedbackProvider>
    </QueryClientProvider>
  );
}

const file = (name: string, type: string, size = 1024) => new File([new Uint8Array(size)], name, { type });
const choose = (group: string, ...files: File[]) => {
  const input = screen.getByTestId(`photo-group-${group}`).querySelector('input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
};
const countOf = (group: string) => Number(screen.getByTestId(`photo-group-${group}`).dataset.count);
const photosError = () => document.querySelector('#project_photos_help')?.textContent ?? '';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

describe('the photo groups of a project', () => {
  for (const locale of ['en-US', 'zh-CN'] as const satisfies Locale[]) {
    it(`${locale}: a file that is no png or jpg, or over 2 MB, is refused before any upload with the spec's message`, async () => {
      await act(async () => {
        await loadPageAreas(['projects']);
        await i18n.changeLanguage(locale);
      });
      const { sent, upload } = recordingUpload();
      render(<Photos upload={upload} onSaved={() => undefined} />);
      choose('hostPanorama', file('plan.gif', 'image/gif'));
      expect(await screen.findByText(i18n.t('validation.image.type'))).toBeTruthy();
      choose('hostPanorama', file('big.png', 'image/png', IMAGE_MAX_BYTES + 1));
      expect(await screen.findByText(i18n.t('validation.image.size'))).toBeTruthy();
      expect(sent).toEqual([]);
      // Exactly 2 MB and a jpg pass.
      choose('hostPanorama', file('max.png', 'image/png', IMAGE_MAX_BYTES), file('site.jpg', 'image/jpeg'));
      await waitFor(() => expect(countOf('hostPanorama')).toBe(2));
      expect(sent.map((f) => f.name)).toEqual(['max.png', 'site.jpg']);
    });
  }

  it('takes at most five photos per group: of six files chosen together the sixth is refused, and the group is then closed', async () => {
    await act(() => loadPageAreas(['projects']));
    const { sent, upload } = recordingUpload();
    render(<Photos upload={upload} onSaved={() => undefined} />);
    choose('pumpModel', ...Array.from({ length: 6 }, (_v, i) => file(`p${i}.png`, 'image/png')));
    await waitFor(() => expect(countOf('pumpModel')).toBe(5));
    expect(sent).toHaveLength(5);
    expect(
      await screen.findByText(
        i18n.t('projects.error.photoGroupFull', { group: i18n.t('projects.photoGroup.pumpModel'), max: 5 }),
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('photo-upload-pumpModel').closest('button')!.disabled).toBe(true);
    // Another group is not affected.
    expect(screen.getByTestId('photo-upload-softWater').closest('button')!.disabled).toBe(false);
    // Removing one opens the group again.
    fireEvent.click(screen.getByTestId('photo-group-pumpModel').querySelector('[data-testid="photo-remove"]')!);
    await waitFor(() => expect(countOf('pumpModel')).toBe(4));
    expect(screen.getByTestId('photo-upload-pumpModel').closest('button')!.disabled).toBe(false);
  });

  it('refuses to save until every required group holds a photo, naming the groups still empty; the soft-water device is optional', async () => {
    await act(() => loadPageAreas(['projects']));
    const { upload } = recordingUpload();
    const saved: PhotoGroups[] = [];
    render(<Photos upload={upload} onSaved={(photos) => saved.push(photos)} />);
    const [first, ...others] = REQUIRED_PHOTO_GROUPS;
    choose(first!, file('a.png', 'image/png'));
    await waitFor(() => expect(countOf(first!)).toBe(1));
    fireEvent.click(screen.getByTestId('save'));
    const missing = others.map((group) => i18n.t(`projects.photoGroup.${group}`)).join(', ');
    await waitFor(() => expect(photosError()).toBe(i18n.t('projects.error.photosMissing', { groups: missing })));
    expect(saved).toEqual([]);
    for (const group of others) choose(group, file(`${group}.jpg`, 'image/jpeg'));
    await waitFor(() => expect(others.every((group) => countOf(group) === 1)).toBe(true));
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.softWater ?? []).toEqual([]);
    expect(saved[0]![first!]).toEqual([{ url: '/uploads/1.png' }]);
  });
});
