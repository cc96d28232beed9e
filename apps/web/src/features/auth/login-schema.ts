// The login form's schema on its own, loaded lazily by the login page: zod stays off the sign-in route.
export { loginBodySchema } from '@taskhive/contract';
