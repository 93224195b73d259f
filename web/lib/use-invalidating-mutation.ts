import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation after which the resources it touched are fetched again, whether it worked or not (a failed
 * connection attempt can still have changed what the server holds), so every screen showing them is
 * current.
 */
export function useInvalidatingMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  touched: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
