import { copyText } from '@/lib/clipboard';
import { toast } from './use-toast';

/**
 * Copies from a menu item, which closes as it is chosen (so it cannot show a check mark like
 * a copy button): a toast says what was copied, or that copying failed.
 */
export function copyWithToast(text: string, title: string): void {
  void copyText(text).then(
    () => toast({ title, description: text, variant: 'success' }),
    () =>
      toast({
        title: 'Could not copy',
        description: 'Select the text and copy it by hand.',
        variant: 'destructive',
      }),
  );
}
