import { Badge, Button, Card, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { graphql } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { ContentArticlePageQuery } from '../../__generated__/ContentArticlePageQuery.graphql';
import { usePageQuery } from '../../app/pageQuery';
import { formatDate } from '../../i18n/format';
import { ContentBody } from './ContentBody';
import { STATUS_LABELS, TYPE_LABELS } from './contentTexts';

export const contentArticleQuery = graphql`
  query ContentArticlePageQuery($slug: String!) {
    contentBySlug(slug: $slug) {
      id
      title
      excerpt
      content
      contentType
      status
      views
      createdAt
      publishedAt
      category {
        name
      }
      tags {
        id
        name
      }
      author {
        firstName
        lastName
      }
    }
  }
`;

/** `/content/{slug}`: a published item for members (a draft or archived one is not found; an admin previews it). */
export default function ContentArticlePage() {
  const { t } = useLingui();
  const { contentBySlug: item } = usePageQuery<ContentArticlePageQuery>(contentArticleQuery);
  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <RouterLink to="/content">
        <ArrowLeft /> <Trans>Весь контент</Trans>
      </RouterLink>
    </Button>
  );
  if (!item) {
    return (
      <Stack maxW="3xl" mx="auto" w="full" gap="4">
        {back}
        <Center py="16" bg="bg" rounded="md" color="fg.muted" data-testid="content-not-found">
          <Trans>Материал не найден</Trans>
        </Center>
      </Stack>
    );
  }
  return (
    <Stack maxW="3xl" mx="auto" w="full" gap="4">
      {back}
      <Card.Root as="article" data-testid="content-article">
        <Card.Body gap="4" p={{ base: '4', md: '8' }}>
          <HStack gap="2" flexWrap="wrap">
            <Badge>{t(TYPE_LABELS[item.contentType] ?? TYPE_LABELS.POST!)}</Badge>
            {item.category && <Badge colorPalette="brand">{item.category.name}</Badge>}
            {item.status !== 'PUBLISHED' && (
              <Badge colorPalette="orange">{t(STATUS_LABELS[item.status] ?? STATUS_LABELS.DRAFT!)}</Badge>
            )}
          </HStack>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="content-title">
            {item.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {item.author && `${item.author.firstName} ${item.author.lastName} · `}
            {formatDate(item.publishedAt ?? item.createdAt)} · <Trans>Просмотры: {item.views}</Trans>
          </Text>
          {item.excerpt && (
            <Text fontSize="lg" color="fg.muted">
              {item.excerpt}
            </Text>
          )}
          <ContentBody html={item.content} />
          {item.tags.length > 0 && (
            <HStack gap="2" flexWrap="wrap">
              {item.tags.map((tag) => (
                <Badge key={tag.id} variant="outline">
                  #{tag.name}
                </Badge>
              ))}
            </HStack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
