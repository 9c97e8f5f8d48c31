import { Avatar, Image, type AvatarProps, type ImageProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { uploadLinks } from '@dcc/contract';
import { call } from '../api/client.ts';

/** Links live ten minutes on the server; ask again well before that. */
const LINK_STALE_MS = 4 * 60 * 1000;

/**
 * The viewable link of a stored image field (`/uploads/<id>.png`): uploads are served only under
 * short-lived signed links that the server hands to callers who may see them. Undefined while
 * loading, for '' and for an image the caller may not see.
 */
export function useUploadLink(url: string | null | undefined): string | undefined {
  const query = useQuery({
    queryKey: ['upload-link', url],
    queryFn: async () => (await call(uploadLinks, { urls: [url!] }, { quietCodes: [] })).links[0]?.link ?? null,
    enabled: typeof url === 'string' && url.startsWith('/uploads/'),
    staleTime: LINK_STALE_MS,
    refetchInterval: LINK_STALE_MS,
  });
  return query.data ?? undefined;
}

/** An antd Image of a stored image field, shown through its signed link. */
export function UploadedImage({ url, ...props }: Omit<ImageProps, 'src'> & { url: string }) {
  const link = useUploadLink(url);
  return <Image {...props} src={link} />;
}

/** An antd Avatar of a stored image field (the icon or text shows while there is none). */
export function UploadedAvatar({ url, ...props }: Omit<AvatarProps, 'src'> & { url: string | null | undefined }) {
  const link = useUploadLink(url);
  return <Avatar {...props} src={link} />;
}
