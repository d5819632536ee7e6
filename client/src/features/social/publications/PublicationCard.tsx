import { useState } from 'react';
import { Box, Button, Card, Flex, Grid, HStack, IconButton, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, ImageOff, MapPin, MessageSquareText, Pencil, Trash2 } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { PublicationCard_publication$key } from '../../../__generated__/PublicationCard_publication.graphql';
import type { PublicationCardUpdateMutation } from '../../../__generated__/PublicationCardUpdateMutation.graphql';
import type { PublicationCardDeleteMutation } from '../../../__generated__/PublicationCardDeleteMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../i18n/format';
import { formatCoordinates } from '../format';
import { MediaViewer } from '../MediaViewer';
import { AppDialog } from '../../../components/AppDialog';
import { RichText } from '../RichText';
import { UserAvatar } from '../UserAvatar';
import { BookmarkButton } from './BookmarkButton';
import { LikeButton } from './LikeButton';
import { PublicationReactions } from '../../reactions/PublicationReactions';
import { PlaceReviewsDialog } from './PlaceReviewsDialog';
import { PublicationComments } from './PublicationComments';
import { mutationFailure } from '../../../relay/mutationError';
import { communityPath } from '../communities/communitySection';

const publicationFragment = graphql`
  fragment PublicationCard_publication on Publication {
    id
    content
    mentions {
      username
    }
    hashtags
    createdAt
    viewerIsAuthor
    viewerMayDelete
    community {
      id
      name
    }
    author {
      username
      firstName
      lastName
      avatarImage
    }
    location {
      latitude
      longitude
      address
      mapUrl
    }
    media {
      id
      fileType
      url
      thumbnailUrl
      altText
    }
    ...LikeButton_publication
    ...BookmarkButton_publication
    ...PublicationReactions_publication
    ...PublicationComments_publication
  }
`;

const updateMutation = graphql`
  mutation PublicationCardUpdateMutation($id: ID!, $content: String!) {
    updatePublication(id: $id, content: $content) {
      __typename
      ... on UpdatePublicationSuccess {
        publication {
          id
          content
          mentions {
            username
          }
          hashtags
          updatedAt
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const deleteMutation = graphql`
  mutation PublicationCardDeleteMutation($id: ID!, $connections: [ID!]!) {
    deletePublication(id: $id) {
      __typename
      ... on DeletePublicationSuccess {
        deletedId @deleteEdge(connections: $connections)
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Spec section 9: one file fills the width, two sit side by side, more flow in a grid. */
/** A publication's image; a file deleted meanwhile (the admin media library) shows a placeholder. */
function PublicationImage({ src, alt, single }: { src: string; alt: string; single: boolean }) {
  const { t } = useLingui();
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <Flex
        role="img"
        aria-label={t`Изображение недоступно`}
        align="center"
        justify="center"
        minH="8rem"
        h="100%"
        color="fg.muted"
        data-testid="publication-image-placeholder"
      >
        <ImageOff size={32} aria-hidden="true" />
      </Flex>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setBroken(true)}
      data-testid="publication-image"
      style={{ width: '100%', height: '100%', objectFit: 'cover', maxHeight: single ? '32rem' : undefined }}
    />
  );
}

const mediaColumns = (count: number) => (count === 1 ? '1fr' : count === 2 ? '1fr 1fr' : 'repeat(auto-fill, minmax(9rem, 1fr))');

export function PublicationCard({
  publication,
  feedConnectionId,
}: {
  publication: PublicationCard_publication$key;
  feedConnectionId: string;
}) {
  const { t } = useLingui();
  const data = useFragment(publicationFragment, publication);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(data.content);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reviewsOpen, setReviewsOpen] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [commitUpdate, updating] = useMutation<PublicationCardUpdateMutation>(updateMutation);
  const [commitDelete, deleting] = useMutation<PublicationCardDeleteMutation>(deleteMutation);
  const { author, location, media } = data;
  const images = media.filter((m) => m.fileType === 'IMAGE');
  // Spec section 9: a photo's alt-title is the first 30 characters of the publication's text.
  const altTitle = data.content.trim().slice(0, 30);

  const save = () => {
    // Spec section 4: saved only if the text changed.
    if (draft.trim() === data.content) return setEditing(false);
    commitUpdate({
      variables: { id: data.id, content: draft },
      onCompleted: ({ updatePublication: result }) => {
        if (!result.error) setEditing(false);
        else {
          const { title, detail } = mutationFailure(result.error, t`Не удалось изменить публикацию`);
          toaster.create({ type: 'error', title, description: detail });
        }
      },
      onError: () => {
        toaster.create({ type: 'error', title: t`Не удалось изменить публикацию` });
      },
    });
  };

  const remove = () =>
    commitDelete({
      variables: { id: data.id, connections: [feedConnectionId] },
      onCompleted: ({ deletePublication: result }) => {
        setConfirmDelete(false);
        if (!result.error) toaster.create({ type: 'success', title: t`Публикация удалена` });
        else {
          const { title, detail } = mutationFailure(result.error, t`Не удалось удалить публикацию`);
          toaster.create({ type: 'error', title, description: detail });
        }
      },
      onError: () => {
        setConfirmDelete(false);
        toaster.create({ type: 'error', title: t`Не удалось удалить публикацию` });
      },
    });

  return (
    <Card.Root data-testid="publication" data-publication-id={data.id}>
      <Card.Body>
        <Stack gap="3">
          <HStack gap="3" align="start">
            <UserAvatar firstName={author.firstName} lastName={author.lastName} avatarImage={author.avatarImage} />
            <Stack gap="0" flex="1" minW="0">
              <Link asChild fontWeight="semibold" color="fg">
                <RouterLink to={`/profile/${encodeURIComponent(author.username)}`}>
                  {author.firstName} {author.lastName}
                </RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted">
                <time dateTime={data.createdAt} data-testid="publication-time">
                  {formatDateTime(data.createdAt)}
                </time>
                {data.community && (
                  <>
                    {' · '}
                    <Link asChild color="brand.fg" data-testid="publication-community">
                      <RouterLink to={communityPath(data.community.id)}>{data.community.name}</RouterLink>
                    </Link>
                  </>
                )}
              </Text>
            </Stack>
            {!editing && (data.viewerIsAuthor || data.viewerMayDelete) && (
              <HStack gap="1">
                {data.viewerIsAuthor && (
                  <IconButton
                    aria-label={t`Редактировать`}
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setDraft(data.content);
                      setEditing(true);
                    }}
                    data-testid="publication-edit"
                  >
                    <Pencil size={16} />
                  </IconButton>
                )}
                {/* The author, or a moderator of the publication's community. */}
                {data.viewerMayDelete && (
                  <IconButton
                    aria-label={t({ message: 'Удалить', context: 'delete a publication' })}
                    variant="ghost"
                    size="sm"
                    colorPalette="red"
                    onClick={() => setConfirmDelete(true)}
                    data-testid="publication-delete"
                  >
                    <Trash2 size={16} />
                  </IconButton>
                )}
              </HStack>
            )}
          </HStack>

          {editing ? (
            <Stack gap="2">
              <Textarea
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                autoresize
                maxLength={5000}
                aria-label={t`Текст публикации`}
                data-testid="publication-edit-text"
              />
              <HStack justify="flex-end" gap="2">
                <Button size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={updating}>
                  <Trans>Отмена</Trans>
                </Button>
                <Button size="sm" colorPalette="brand" onClick={save} loading={updating} data-testid="publication-edit-save">
                  <Trans>Сохранить</Trans>
                </Button>
              </HStack>
            </Stack>
          ) : (
            data.content && (
              <RichText text={data.content} mentions={data.mentions} hashtags={data.hashtags} data-testid="publication-content" />
            )
          )}

          {media.length > 0 && (
            <Grid templateColumns={mediaColumns(media.length)} gap="2" data-testid="publication-media">
              {media.map((item) =>
                item.fileType === 'VIDEO' ? (
                  <Box key={item.id} rounded="md" overflow="hidden" bg="black">
                    <video
                      src={item.url}
                      poster={item.thumbnailUrl}
                      controls
                      preload="metadata"
                      style={{ width: '100%', maxHeight: '32rem' }}
                    />
                  </Box>
                ) : (
                  <Box
                    key={item.id}
                    as="button"
                    rounded="md"
                    overflow="hidden"
                    bg="bg.muted"
                    cursor="zoom-in"
                    aspectRatio={media.length === 1 ? undefined : '1'}
                    onClick={() => setViewing(images.findIndex((image) => image.id === item.id))}
                    aria-label={t`Открыть изображение`}
                  >
                    <PublicationImage
                      src={media.length === 1 ? item.url : item.thumbnailUrl}
                      alt={item.altText ?? altTitle}
                      single={media.length === 1}
                    />
                  </Box>
                ),
              )}
            </Grid>
          )}

          {location && (
            <HStack gap="2" fontSize="sm" wrap="wrap" data-testid="publication-place">
              <MapPin size={16} aria-hidden="true" />
              <Text>{location.address || formatCoordinates(location.latitude, location.longitude)}</Text>
              <Link
                href={location.mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                color="brand.fg"
                data-testid="publication-map-link"
              >
                <Trans>На карте</Trans>
                <ExternalLink size={12} aria-hidden="true" />
              </Link>
              <Button variant="plain" size="xs" colorPalette="brand" onClick={() => setReviewsOpen(true)}>
                <MessageSquareText size={14} aria-hidden="true" />
                <Trans>Отзывы</Trans>
              </Button>
            </HStack>
          )}

          <HStack gap="1">
            <LikeButton publication={data} />
            <BookmarkButton publication={data} />
          </HStack>
          <PublicationReactions publication={data} />
          <PublicationComments publication={data} />
        </Stack>
      </Card.Body>

      {images.length > 0 && (
        <MediaViewer
          items={images.map((image) => ({ id: image.id, kind: 'image', url: image.url, title: altTitle || undefined }))}
          index={viewing}
          onIndexChange={setViewing}
        />
      )}
      {location && (
        <PlaceReviewsDialog
          open={reviewsOpen}
          onClose={() => setReviewsOpen(false)}
          latitude={location.latitude}
          longitude={location.longitude}
          address={location.address ?? null}
        />
      )}
      <AppDialog
        closeButton
        scrollBehavior="inside"
        role="alertdialog"
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        testId="publication-delete-dialog"
        title={<Trans>Удалить публикацию?</Trans>}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
              <Trans>Отмена</Trans>
            </Button>
            <Button colorPalette="red" onClick={remove} loading={deleting} data-testid="publication-delete-confirm">
              <Trans context="delete a publication">Удалить</Trans>
            </Button>
          </>
        }
      >
        <Text>
          <Trans>Публикация, её фото, видео, отметки «нравится» и комментарии будут удалены безвозвратно.</Trans>
        </Text>
      </AppDialog>
    </Card.Root>
  );
}
