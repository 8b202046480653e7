import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { AcceptInviteRequest, SignInRequest } from '@momo/contracts';
import { MIN_PASSWORD_LENGTH } from '@momo/domain';

export class SignInDto implements SignInRequest {
  @IsEmail({}, { message: 'email must be an e-mail address' }) @MaxLength(254)
  email!: string;

  @IsString() @MinLength(1, { message: 'password is required' }) @MaxLength(1024)
  password!: string;
}

export class AcceptInviteDto implements AcceptInviteRequest {
  @IsString() @MinLength(20) @MaxLength(200)
  token!: string;

  @IsString() @MinLength(MIN_PASSWORD_LENGTH, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` }) @MaxLength(1024)
  password!: string;

  @IsOptional() @IsString() @MaxLength(200)
  name?: string;
}
