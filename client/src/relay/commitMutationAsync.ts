import {
  commitMutation,
  type Environment,
  type GraphQLTaggedNode,
  type MutationParameters,
  type UploadableMap,
} from 'relay-runtime';

/** commitMutation as a promise of the response (for code outside components, e.g. the call engine). */
export function commitMutationAsync<T extends MutationParameters>(
  environment: Environment,
  mutation: GraphQLTaggedNode,
  variables: T['variables'],
  uploadables?: UploadableMap,
): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    commitMutation<T>(environment, {
      mutation,
      variables,
      uploadables,
      onCompleted: (response, errors) => {
        if (errors?.length) reject(new Error(errors[0]!.message));
        else resolve(response);
      },
      onError: reject,
    });
  });
}
