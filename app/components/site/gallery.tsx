/**
 * The car gallery (spec §2 "Gallery") as a modal dialog: one image at a time, counter and dots,
 * previous/next only with more than one image, wrapping at the ends; Escape, arrow keys and a
 * click outside the image work; the page does not scroll while it is open, and focus goes back
 * to what opened it.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { StoredImage } from "~/fleet/car";
import { Icon } from "./icons";

export function Gallery({
  images,
  title,
  startAt,
  onClose,
}: {
  images: StoredImage[];
  title: string;
  startAt: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(startAt);
  const count = images.length;
  const many = count > 1;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = document.documentElement;
    const previous = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = "hidden";
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    dialog.current?.showModal();
    return () => {
      root.style.overflow = previous.overflow;
      root.style.paddingRight = previous.paddingRight;
      opener?.focus();
    };
  }, []);

  const image = images[index]!;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="gallery-title"
      aria-describedby="gallery-counter"
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight" && many) {
          e.preventDefault();
          go(1);
        } else if (e.key === "ArrowLeft" && many) {
          e.preventDefault();
          go(-1);
        }
      }}
      onClick={(e) => {
        // Anything but the picture and the controls is "outside".
        if (!(e.target as HTMLElement).closest("img, button")) onClose();
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <h2 id="gallery-title" className="truncate font-display text-lg font-semibold">
            {title}
          </h2>
          <p id="gallery-counter" className="text-sm text-slate-300 tabular-nums" aria-live="polite">
            {t("gallery.counter", { current: index + 1, total: count })}
          </p>
          <button
            type="button"
            autoFocus
            onClick={onClose}
            className="grid h-11 w-11 place-items-center rounded-full bg-white/10 hover:bg-white/20"
            aria-label={t("gallery.close")}
          >
            <Icon name="close" className="h-6 w-6" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16">
          <img
            key={image.url}
            src={image.url}
            width={image.width}
            height={image.height}
            alt={t("gallery.imageAlt", { name: title, current: index + 1, total: count })}
            className="max-h-full max-w-full object-contain"
          />
          {many && (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label={t("gallery.previous")}
                className="absolute top-1/2 left-2 grid h-12 w-12 -translate-y-1/2 place-items-center rounded-full bg-black/60 ring-1 ring-white/20 hover:bg-black/80 sm:left-4"
              >
                <Icon name="left" className="h-6 w-6" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label={t("gallery.next")}
                className="absolute top-1/2 right-2 grid h-12 w-12 -translate-y-1/2 place-items-center rounded-full bg-black/60 ring-1 ring-white/20 hover:bg-black/80 sm:right-4"
              >
                <Icon name="right" className="h-6 w-6" />
              </button>
            </>
          )}
        </div>
        <div className="flex justify-center gap-1 py-4">
          {images.map((img, i) => (
            <button
              key={img.url}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t("gallery.goTo", { number: i + 1 })}
              aria-current={i === index ? "true" : undefined}
              className="grid h-8 w-8 place-items-center"
            >
              <span className={`block h-2.5 rounded-full transition-all ${i === index ? "w-6 bg-brand" : "w-2.5 bg-white/50"}`} />
            </button>
          ))}
        </div>
      </div>
    </dialog>
  );
}
