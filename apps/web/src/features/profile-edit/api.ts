import {
  CLIENT_HEADER,
  type GeocodeResponse,
  type Photo,
  type PhotoUpdateBody,
  type ProfileUpdate,
  profileEditCalls,
  type User,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, checkReply, NETWORK_ERROR_STATUS } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** Query key of the own photo list. */
export const ownPhotosKey = ['own-photos'] as const;

/** GET /api/photos.php: own photos (any status) with the limits. */
export const ownPhotosQuery = queryOptions({
  queryKey: ownPhotosKey,
  queryFn: ({ signal }) => call(profileEditCalls.ownPhotos, { signal }),
  staleTime: 0,
});

/** Refreshes everything that shows the own photos: the list, the user (main_image) and the own profile view. */
function useRefreshOwn() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ownPhotosKey }),
      client.invalidateQueries({ queryKey: queryKeys.user }),
      client.invalidateQueries({ queryKey: ['profile'] }),
    ]);
}

/** PUT /api/profile.php; the answer replaces the profile of the cached user. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => call(profileEditCalls.updateProfile, { body: update }),
    onSuccess: (profile) => {
      client.setQueryData<User | null>(queryKeys.user, (user) => (user ? { ...user, profile } : user));
      void client.invalidateQueries({ queryKey: queryKeys.profile(profile.id) });
    },
  });
}

/** PUT /api/photos.php: private/public, main image, position. */
export function useUpdatePhoto() {
  const refresh = useRefreshOwn();
  return useMutation({
    mutationFn: (body: PhotoUpdateBody) => call(profileEditCalls.updatePhoto, { body }),
    onSettled: refresh,
  });
}

/** DELETE /api/photos.php. */
export function useDeletePhoto() {
  const refresh = useRefreshOwn();
  return useMutation({
    mutationFn: (photo: number) => call(profileEditCalls.deletePhoto, { body: { photo } }),
    onSettled: refresh,
  });
}

/**
 * POST /api/photos.php (multipart `is_private`, then `file`) with upload progress (0..1), which
 * fetch cannot report. Never retried. @throws ApiError (photo_invalid, photo_too_large, photo_limit_reached, ...)
 */
export function sendPhoto(file: File, isPrivate: boolean, onProgress: (fraction: number) => void): Promise<Photo> {
  const form = new FormData();
  form.append('is_private', String(isPrivate));
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const upload = profileEditCalls.uploadPhoto;
    xhr.open(upload.method, upload.path);
    xhr.setRequestHeader(CLIENT_HEADER.name, CLIENT_HEADER.value);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_STATUS, 'network', 'Network error'));
    xhr.onload = () => {
      let body: { error?: string; message?: string; data?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // a proxy error page: keep the status only
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          return resolve(checkReply(upload, body, xhr.status));
        } catch (err) {
          return reject(err);
        }
      }
      reject(new ApiError(xhr.status, body.error ?? 'general', body.message ?? xhr.statusText, body.data));
    };
    xhr.send(form);
  });
}

/** Upload as a mutation: refreshes the own photos and the user afterwards. */
export function useUploadPhoto(onProgress: (fraction: number) => void) {
  const refresh = useRefreshOwn();
  return useMutation({
    mutationFn: ({ file, isPrivate }: { file: File; isPrivate: boolean }) => sendPhoto(file, isPrivate, onProgress),
    onSettled: refresh,
  });
}

/** GET /api/geocode.php: the nearest city of a position, or false. */
export function geocode(lat: number, lon: number): Promise<GeocodeResponse> {
  return call(profileEditCalls.geocode, { query: { lat: lat.toFixed(4), lon: lon.toFixed(4) } });
}
