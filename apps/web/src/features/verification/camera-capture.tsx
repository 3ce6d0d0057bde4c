import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The front camera's preview and a capture button (getUserMedia; phones and desktops). Without a
 * camera, or when the member refuses it, `onUnavailable` is told and the caller offers the upload.
 * The picture is taken as JPEG from the video's own resolution; the stream stops when unmounted.
 */
export function CameraCapture({
  onCapture,
  onUnavailable,
  isBusy,
}: {
  onCapture: (photo: Blob) => void;
  onUnavailable: () => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation('profile');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);

  useEffect(() => {
    let opened: MediaStream | null = null;
    let isCancelled = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      onUnavailable();
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then((media) => {
        if (isCancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        opened = media;
        setStream(media);
      })
      .catch(() => {
        if (!isCancelled) onUnavailable();
      });
    return () => {
      isCancelled = true;
      for (const track of opened?.getTracks() ?? []) track.stop();
    };
  }, [onUnavailable]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
  }, [stream]);

  const capture = () => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => blob && onCapture(blob), 'image/jpeg', 0.9);
  };

  return (
    <div className="verify-camera">
      <video
        ref={videoRef}
        className="verify-preview rounded bg-dark w-100"
        muted
        playsInline
        aria-label={t('verify.preview')}
        data-testid="verify-preview"
      />
      <button
        type="button"
        className="btn btn-primary mt-2"
        onClick={capture}
        disabled={!stream || isBusy}
        data-testid="verify-capture"
      >
        {t('verify.capture')}
      </button>
    </div>
  );
}
