import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { restUser } from '../fragments';
import { files, pageSize, text } from './values';

/** A REST user id (path or body) as the global ID the GraphQL operations take. */
export const userGlobalId = (value: unknown) => encodeGlobalID('User', text(value).trim());

/** A field the client sent (even blank: that clears it) or left out (unchanged). */
const optional = (body: RestRequest['body'], key: string) =>
  key in body ? (body[key] == null ? null : text(body[key])) : undefined;

const blankAsNull = (value: string | null | undefined) => (value === '' ? null : value);

const settings = (user: Record<string, unknown>) => ({
  first_name: user.firstName,
  last_name: user.lastName,
  middle_name: user.middleName,
  username: user.username,
  phone: user.phone,
  phone_verified: user.phoneVerified,
});

const SETTINGS_FIELDS = 'firstName lastName middleName username phone phoneVerified';

/** Spec section 7, "Profile and settings". */
export const profileRoutes: RestRoute[] = [
  {
    method: 'PATCH',
    path: '/users/profile',
    access: 'owner',
    operation: `mutation RestUpdateProfile($userId: ID, $input: UpdateProfileInput!) {
      updateProfile(userId: $userId, input: $input) { __typename ...RestError ... on ProfileChange { message user { ...RestUser } } }
    }`,
    // `user_id` lets an admin save someone else's profile card; anyone else gets 403 for it.
    variables: ({ body }) => ({
      userId: body.user_id == null ? null : userGlobalId(body.user_id),
      input: {
        firstName: optional(body, 'first_name'),
        lastName: optional(body, 'last_name'),
        bio: optional(body, 'bio'),
        status: optional(body, 'status'),
        location: optional(body, 'location'),
        website: optional(body, 'website'),
        phone: optional(body, 'phone'),
        birthDate: blankAsNull(optional(body, 'birth_date')),
      },
    }),
    respond: ({ updateProfile }) => ({ success: true, message: updateProfile.message, user: restUser(updateProfile.user) }),
  },
  {
    method: 'GET',
    path: '/users/profile-settings',
    access: 'member',
    operation: `query RestProfileSettings { viewer { ${SETTINGS_FIELDS} } }`,
    respond: ({ viewer }) => settings(viewer),
  },
  {
    method: 'PUT',
    path: '/users/profile-settings',
    access: 'member',
    operation: `mutation RestUpdateProfileSettings($input: UpdateProfileSettingsInput!) {
      updateProfileSettings(input: $input) { __typename ...RestError ... on ProfileChange { message user { ${SETTINGS_FIELDS} } } }
    }`,
    variables: ({ body }) => ({
      input: {
        firstName: text(body.first_name),
        lastName: text(body.last_name),
        middleName: optional(body, 'middle_name'),
        username: text(body.username),
        phone: optional(body, 'phone'),
      },
    }),
    respond: ({ updateProfileSettings: r }) => ({ success: true, message: r.message, ...settings(r.user) }),
  },
  {
    method: 'POST',
    path: '/users/send-sms-verification',
    access: 'member',
    operation: `mutation RestSendSms($input: SendPhoneVerificationCodeInput!) {
      sendPhoneVerificationCode(input: $input) {
        __typename ...RestError ... on SendPhoneVerificationCodeSuccess { message devNote }
      }
    }`,
    variables: ({ body }) => ({ input: { phone: text(body.phone) } }),
    respond: ({ sendPhoneVerificationCode: r }) => ({
      success: true,
      message: r.message,
      ...(r.devNote ? { dev_note: r.devNote } : {}),
    }),
  },
  {
    method: 'POST',
    path: '/users/verify-phone',
    access: 'member',
    operation: `mutation RestVerifyPhone($input: VerifyPhoneInput!) {
      verifyPhone(input: $input) { __typename ...RestError ... on ProfileChange { message user { phone phoneVerified } } }
    }`,
    variables: ({ body }) => ({ input: { phone: text(body.phone), code: text(body.verification_code ?? body.code) } }),
    respond: ({ verifyPhone: r }) => ({
      success: true,
      message: r.message,
      phone: r.user.phone,
      phone_verified: r.user.phoneVerified,
    }),
  },
  {
    method: 'POST',
    path: '/users/change-password',
    access: 'member',
    operation: `mutation RestChangePassword($input: ChangePasswordInput!) {
      changePassword(input: $input) { __typename ...RestError ... on ChangePasswordSuccess { message } }
    }`,
    variables: ({ body }) => ({
      input: { currentPassword: text(body.current_password), newPassword: text(body.new_password) },
    }),
    respond: ({ changePassword }) => ({ success: true, message: changePassword.message }),
  },
  {
    method: 'POST',
    path: '/users/upload-image',
    access: 'owner',
    operation: `mutation RestUploadProfileImage($userId: ID, $type: ProfileImageKind!, $file: File) {
      uploadProfileImage(userId: $userId, kind: $type, file: $file) {
        __typename ...RestError ... on ProfileChange { imageUrl }
      }
    }`,
    // The variable is named as the spec's field, so that an unknown one is refused (400) on `type`.
    variables: ({ body }) => ({
      userId: body.user_id == null ? null : userGlobalId(body.user_id),
      // No type means the avatar; an unknown one is refused rather than replacing the avatar.
      type: text(body.type || 'avatar').toUpperCase(),
      // Text where the file should be is no file: "choose a file".
      file: files(body.file)[0] ?? null,
    }),
    respond: ({ uploadProfileImage }) => ({ success: true, image_url: uploadProfileImage.imageUrl }),
  },
  {
    method: 'GET',
    path: '/users/friends-count',
    access: 'member',
    operation: `query RestFriendsCount { viewer { friendsCount } }`,
    respond: ({ viewer }) => ({ count: viewer.friendsCount }),
  },
  {
    method: 'GET',
    path: '/users/:id(\\d+)/profile',
    access: 'member',
    operation: `query RestUserProfile($id: ID!) {
      node(id: $id) { ... on User { ...RestUser isSubscribed followersCount } }
    }`,
    variables: ({ params }) => ({ id: userGlobalId(params.id) }),
    notFound: { field: 'node', detail: 'user.notFound' },
    respond: ({ node }) => ({ user: restUser(node), is_subscribed: node.isSubscribed, subscriber_count: node.followersCount }),
  },
  {
    method: 'GET',
    path: '/users/profile/:username',
    access: 'member',
    operation: `query RestUserByUsername($username: String!) { userByUsername(username: $username) { ...RestUser } }`,
    variables: ({ params }) => ({ username: params.username }),
    notFound: { field: 'userByUsername', detail: 'user.notFoundByName' },
    respond: ({ userByUsername }) => restUser(userByUsername),
  },
  {
    method: 'GET',
    path: '/users/:id(\\d+)/posts',
    access: 'member',
    operation: `query RestUserPosts($id: ID!, $first: Int) {
      node(id: $id) {
        ... on User {
          databaseId username firstName lastName avatarImage
          publications(first: $first) { edges { node { databaseId content createdAt likesCount commentsCount } } }
        }
      }
    }`,
    variables: ({ params, query }) => ({ id: userGlobalId(params.id), first: pageSize(query) }),
    notFound: { field: 'node', detail: 'user.notFound' },
    respond: ({ node: user }) =>
      user.publications.edges.map(({ node: post }: { node: Record<string, unknown> }) => ({
        id: post.databaseId,
        user_id: user.databaseId,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        user_name: `${user.firstName} ${user.lastName}`.trim(),
        user_avatar: user.avatarImage,
        content: post.content,
        created_at: post.createdAt,
        likes_count: post.likesCount,
        comments_count: post.commentsCount,
      })),
  },
  {
    method: 'GET',
    path: '/users/:id(\\d+)/friends',
    access: 'member',
    operation: `query RestUserFriends($id: ID!) {
      node(id: $id) { ... on User { friends(first: 100) { edges { node { ...RestUser } } } } }
    }`,
    variables: ({ params }) => ({ id: userGlobalId(params.id) }),
    notFound: { field: 'node', detail: 'user.notFound' },
    respond: ({ node }) => node.friends.edges.map((edge: { node: Parameters<typeof restUser>[0] }) => restUser(edge.node)),
  },
];
