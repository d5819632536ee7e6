import { Suspense, useState } from 'react';
import { Button, RatingGroup, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { PlaceReviewsDialogQuery } from '../../../__generated__/PlaceReviewsDialogQuery.graphql';
import type { PlaceReviewsDialogAddMutation } from '../../../__generated__/PlaceReviewsDialogAddMutation.graphql';
import { formatDate } from '../../../i18n/format';
import { AuthorAndTime } from '../Byline';
import { FailureAlert } from '../FailureAlert';
import { formatCoordinates } from '../format';
import { AppDialog } from '../../../components/AppDialog';
import { mutationErrorText } from '../../../relay/mutationError';
import { Field } from '../../../components/ui/field';

const reviewsQuery = graphql`
  query PlaceReviewsDialogQuery($latitude: Float!, $longitude: Float!) {
    locationReviews(latitude: $latitude, longitude: $longitude) {
      id
      rating
      text
      createdAt
      author {
        firstName
        lastName
      }
    }
  }
`;

const addReviewMutation = graphql`
  mutation PlaceReviewsDialogAddMutation($input: AddLocationReviewInput!) {
    addLocationReview(input: $input) {
      __typename
      ... on AddLocationReviewSuccess {
        review {
          id
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Spec section 9: reviews are rated 1 to 5, 5 by default. */
const DEFAULT_RATING = 5;

function Stars({ value, label }: { value: number; label: string }) {
  return (
    <RatingGroup.Root count={5} value={value} readOnly size="xs" colorPalette="orange" aria-label={label}>
      <RatingGroup.HiddenInput />
      <RatingGroup.Control />
    </RatingGroup.Root>
  );
}

function ReviewList({ latitude, longitude, fetchKey }: { latitude: number; longitude: number; fetchKey: number }) {
  const { t } = useLingui();
  const { locationReviews } = useLazyLoadQuery<PlaceReviewsDialogQuery>(
    reviewsQuery,
    { latitude, longitude },
    { fetchKey, fetchPolicy: 'store-and-network' },
  );
  if (locationReviews.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        <Trans>Отзывов об этом месте пока нет.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="3" data-testid="place-reviews">
      {locationReviews.map((review) => {
        const rating = review.rating;
        return (
          <Stack key={review.id} gap="1" borderBottomWidth="1px" pb="2" data-testid="place-review">
            <AuthorAndTime
              firstName={review.author.firstName}
              lastName={review.author.lastName}
              at={review.createdAt}
              format={formatDate}
            />
            <Stars value={rating} label={t`Оценка: ${rating} из 5`} />
            {review.text && (
              <Text fontSize="sm" whiteSpace="pre-wrap">
                {review.text}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The place-reviews modal: the reviews of a place and a form to add one (rating 1-5, text). */
export function PlaceReviewsDialog({
  open,
  onClose,
  latitude,
  longitude,
  address,
}: {
  open: boolean;
  onClose: () => void;
  latitude: number;
  longitude: number;
  address: string | null;
}) {
  const { t } = useLingui();
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fetchKey, setFetchKey] = useState(0);
  const [commit, sending] = useMutation<PlaceReviewsDialogAddMutation>(addReviewMutation);

  const submit = () => {
    setError(null);
    commit({
      variables: { input: { latitude, longitude, rating, text } },
      onCompleted: ({ addLocationReview: result }) => {
        if (result.__typename === 'AddLocationReviewSuccess') {
          setText('');
          setRating(DEFAULT_RATING);
          setFetchKey((key) => key + 1);
        } else {
          setError(mutationErrorText(result.error, t`Не удалось сохранить отзыв`));
        }
      },
      onError: () => setError(t`Не удалось сохранить отзыв`),
    });
  };

  return (
    <AppDialog
      closeButton
      scrollBehavior="inside"
      open={open}
      onClose={onClose}
      testId="place-reviews-dialog"
      title={<Trans>Отзывы о месте</Trans>}
      subtitle={
        <Text fontSize="sm" color="fg.muted">
          {address ?? formatCoordinates(latitude, longitude)}
        </Text>
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            <Trans>Закрыть</Trans>
          </Button>
          <Button colorPalette="brand" onClick={submit} loading={sending} data-testid="review-submit">
            <Trans>Оставить отзыв</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="5">
        {open && (
          <Suspense fallback={<Spinner size="sm" />}>
            <ReviewList latitude={latitude} longitude={longitude} fetchKey={fetchKey} />
          </Suspense>
        )}
        <Stack gap="3" borderTopWidth="1px" pt="4">
          <Field label={<Trans>Ваша оценка</Trans>}>
            <RatingGroup.Root
              count={5}
              value={rating}
              onValueChange={(details) => setRating(details.value || DEFAULT_RATING)}
              colorPalette="orange"
              data-testid="review-rating"
            >
              <RatingGroup.HiddenInput />
              <RatingGroup.Control />
            </RatingGroup.Root>
          </Field>
          <Field label={<Trans>Отзыв</Trans>}>
            <Textarea value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={2000} data-testid="review-text" />
          </Field>
          {error && <FailureAlert failure={{ title: error }} />}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
