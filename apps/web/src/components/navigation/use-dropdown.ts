import { useCallback, useEffect, useRef, useState } from 'react';

/** Open state of a dropdown that closes on outside click and Escape. */
export function useDropdown<T extends HTMLElement>() {
  const [isOpen, setOpen] = useState(false);
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const handleKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('mousedown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const close = useCallback(() => setOpen(false), []);
  return { isOpen, toggle, close, ref };
}
